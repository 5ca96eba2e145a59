package dev.runnel.shell.gateway;

import dev.runnel.planner.session.Session;

/** Makes the planner session of a new JDBC connection (on the gateway's cluster and catalog). */
@FunctionalInterface
interface SessionFactory {
    Session open();
}
