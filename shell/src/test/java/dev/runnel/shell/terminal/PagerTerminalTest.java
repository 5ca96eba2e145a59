package dev.runnel.shell.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * psql's pager habit in a real terminal (tmux): a result taller than the screen goes through
 * {@code $PAGER}, a short one does not, and the shell takes statements again afterwards. The
 * pager here is {@code sed}, which marks the lines it shows and ends without waiting for keys.
 */
class PagerTerminalTest {
    private static final String PAGER = "sed 's/^/PAGED: /'";

    @TempDir
    Path home;
    private TmuxShell shell;

    @AfterEach
    void stop() {
        if (shell != null) {
            shell.close();
        }
    }

    @Test
    void aResultTallerThanTheScreenGoesThroughThePagerAndAShortOneDoesNot() throws Exception {
        shell = TmuxShell.start(home, Map.of("PAGER", PAGER));
        shell.enter("SHOW FUNCTIONS;");
        String paged = shell.awaitScreen("PAGED: |");
        assertThat(paged).contains("PAGED: | ").doesNotContain("PAGED: runnel>");
        shell.awaitScreen("runnel>");

        shell.press("C-l");
        shell.enter("SHOW CATALOGS;");
        String shortOne = shell.awaitScreen("1 row in set");
        assertThat(shortOne).contains("default_catalog").doesNotContain("PAGED:");
    }

    @Test
    void runnelPagerWinsOverPagerAndAnEmptyOneTurnsPagingOff() throws Exception {
        shell = TmuxShell.start(home, Map.of("PAGER", PAGER, "RUNNEL_PAGER", ""));
        shell.enter("SHOW FUNCTIONS;");
        String printed = shell.awaitScreen("rows in set");
        assertThat(printed).doesNotContain("PAGED:");
    }
}
