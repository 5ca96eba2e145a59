package dev.runnel.runtime.network.netty;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.network.ChannelId;
import dev.runnel.runtime.network.LocalChannel;
import dev.runnel.runtime.network.LocalChannelRegistry;
import dev.runnel.runtime.network.NetworkBuffers;
import dev.runnel.runtime.network.Subpartition;
import dev.runnel.runtime.stream.EndOfInput;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.StreamElement;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * How fast rows cross between two TaskManager processes, beside the in-process exchange and a
 * raw TCP copy between two processes on the same machine (the limit). Not a test: see
 * {@code benchmarks/exchange.sh}. Each row is shaped as a Nexmark bid (three BIGINTs, a
 * VARCHAR, a TIMESTAMP), written by the edge's schema; batches of 1024 rows; 4 batches of room
 * per channel in one JVM, 4 buffers of 32 KiB at each end between two, as the default
 * {@code taskmanager.network.memory.buffers-per-channel}.
 *
 * <p>Arguments: rows per channel (default 5,000,000). The child process modes
 * ({@code serve-netty}, {@code serve-tcp}) are this class started again by itself.
 */
public final class ExchangeBenchmark {
    private static final int BATCH = 1024;
    private static final long PARK_NANOS = Long.getLong("park.nanos", 1_000_000);
    private static final int CAPACITY = Integer.getInteger("capacity", 4);
    /** The consumer's floating buffers (one input: its thread reads every channel), as a TaskManager's by default. */
    private static final int FLOATING = Integer.getInteger("floating", 8);
    private static final JobId JOB = new JobId("0123456789abcdef0123456789abcdef");

    private ExchangeBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("serve-netty")) {
            serveNetty(Integer.parseInt(args[1]), Long.parseLong(args[2]));
            return;
        }
        if (args.length > 0 && args[0].equals("serve-tcp")) {
            serveTcp(Long.parseLong(args[1]));
            return;
        }
        long rows = args.length > 0 ? Long.parseLong(args[0]) : 5_000_000;
        int rowBytes = encodedBytesPerRow();
        System.out.printf(Locale.ROOT, "Exchange: %,d rows per channel, %d bytes per row on the wire, batches of %d"
                + " rows; in one JVM %d batches of room per channel, between two %d buffers of 32 KiB per channel and"
                + " %d floating%n%n", rows, rowBytes, BATCH, CAPACITY, CAPACITY, FLOATING);
        System.out.printf(Locale.ROOT, "%-34s %9s %14s %10s%n", "exchange", "channels", "rows/s", "MB/s");
        for (int channels : new int[] {1, 4}) {
            // twice each, the second on a warm JVM: the first pays for the JIT
            local(channels, rows);
            print("in-process (one JVM, LocalChannel)", channels, local(channels, rows), rows, rowBytes);
        }
        for (int channels : new int[] {1, 4}) {
            print("network (two processes, Netty)", channels, network(channels, rows), rows, rowBytes);
        }
        long bytes = rows * rowBytes;
        double seconds = tcp(bytes);
        System.out.printf(Locale.ROOT, "%-34s %9d %14s %10.0f%n", "raw TCP copy (two processes)", 1,
                String.format(Locale.ROOT, "%,.0f", bytes / (double) rowBytes / seconds), bytes / 1e6 / seconds);
    }

    private static void print(String what, int channels, double seconds, long rowsPerChannel, int rowBytes) {
        double rows = (double) rowsPerChannel * channels;
        System.out.printf(Locale.ROOT, "%-34s %9d %14s %10.0f%n", what, channels,
                String.format(Locale.ROOT, "%,.0f", rows / seconds), rows * rowBytes / 1e6 / seconds);
    }

    /** A bid's fields: auction, bidder, price, channel, and its time (a TIMESTAMP(3) is milliseconds, internally). */
    private static final RowType BID = RowType.of(field("auction", TypeRoot.BIGINT), field("bidder", TypeRoot.BIGINT),
            field("price", TypeRoot.BIGINT), field("channel", TypeRoot.VARCHAR), field("dateTime", TypeRoot.TIMESTAMP));
    private static final StreamElementCodec CODEC = StreamElementCodec.of(BID);
    private static final long TIME = 1_796_119_200_000L; // 2026-12-01 10:00

    private static RowType.Field field(String name, TypeRoot type) {
        return new RowType.Field(name, DataType.of(type));
    }

    private static Row row(long n) {
        return Row.of(n, n % 10_000, n * 3, "channel-" + (n & 7), TIME + n);
    }

    private static int encodedBytesPerRow() {
        RowBatch batch = new RowBatch(BATCH);
        for (int i = 0; i < BATCH; i++) {
            batch.add(row(i));
        }
        ByteBuf buffer = Unpooled.buffer();
        CODEC.write(batch, buffer);
        return buffer.readableBytes() / BATCH;
    }

    private static ChannelId channel(int i) {
        return new ChannelId(JOB, 0, i, 0);
    }

    /** Writes {@code rows} rows then the end of input into {@code into}, in batches. */
    private static void produce(Subpartition into, long rows) {
        try {
            RowBatch batch = new RowBatch(BATCH);
            for (long n = 0; n < rows; n++) {
                batch.add(row(n));
                if (batch.size() == BATCH) {
                    into.put(batch, null);
                    batch = new RowBatch(BATCH);
                }
            }
            if (!batch.isEmpty()) {
                into.put(batch, null);
            }
            into.put(EndOfInput.INSTANCE, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Polls every channel, round robin as a task's input gate does, until each ended; the rows
     * taken. Parks while all are empty, woken by arriving data, as a task sleeps in its mailbox.
     */
    private static long consume(List<LocalChannel> channels) {
        Thread consumer = Thread.currentThread();
        channels.forEach(c -> c.setDataListener(() -> LockSupport.unpark(consumer)));
        long rows = 0;
        boolean[] ended = new boolean[channels.size()];
        int open = channels.size();
        while (open > 0) {
            boolean any = false;
            for (int i = 0; i < channels.size(); i++) {
                if (ended[i]) {
                    continue;
                }
                StreamElement element = channels.get(i).poll();
                if (element instanceof RowBatch batch) {
                    rows += batch.size();
                    any = true;
                } else if (element instanceof EndOfInput) {
                    ended[i] = true;
                    open--;
                }
            }
            if (!any) {
                LockSupport.parkNanos(PARK_NANOS);
            }
        }
        return rows;
    }

    private static double local(int channels, long rows) throws Exception {
        List<LocalChannel> queues = new ArrayList<>();
        for (int i = 0; i < channels; i++) {
            queues.add(new LocalChannel(channel(i), CAPACITY));
        }
        long start = System.nanoTime();
        List<Thread> producers = new ArrayList<>();
        for (LocalChannel queue : queues) {
            Thread producer = new Thread(() -> produce(queue, rows), "producer");
            producer.start();
            producers.add(producer);
        }
        long taken = consume(queues);
        for (Thread producer : producers) {
            producer.join();
        }
        check(taken, rows * channels);
        return (System.nanoTime() - start) / 1e9;
    }

    private static double network(int channels, long rows) throws Exception {
        Process child = child("serve-netty", String.valueOf(channels), String.valueOf(rows));
        try {
            String address = "127.0.0.1:" + readPort(child);
            LocalChannelRegistry registry = new LocalChannelRegistry();
            try (NettyExchange exchange = NettyExchange.start(registry, "127.0.0.1", 0, "127.0.0.1", Optional.empty())) {
                List<LocalChannel> queues = new ArrayList<>();
                CompletableFuture<Throwable> failed = new CompletableFuture<>();
                long start = System.nanoTime();
                NetworkBuffers buffers = new NetworkBuffers(CAPACITY, 32 << 10, new NetworkBuffers.Floating(FLOATING));
                for (int i = 0; i < channels; i++) {
                    exchange.receive(address, channel(i), BID, buffers, failed::complete);
                    queues.add(registry.channel(channel(i), CAPACITY));
                }
                long taken = consume(queues);
                double seconds = (System.nanoTime() - start) / 1e9;
                check(taken, rows * channels);
                return seconds;
            }
        } finally {
            child.destroy();
            child.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** The producing process: serves {@code channels} channels of {@code rows} rows each, then waits to be ended. */
    private static void serveNetty(int channels, long rows) throws Exception {
        LocalChannelRegistry registry = new LocalChannelRegistry();
        NettyExchange exchange = NettyExchange.start(registry, "127.0.0.1", 0, "127.0.0.1", Optional.empty());
        System.out.println("PORT " + exchange.address().substring(exchange.address().lastIndexOf(':') + 1));
        System.out.flush();
        List<Thread> producers = new ArrayList<>();
        for (int i = 0; i < channels; i++) {
            Subpartition queue = exchange.output(channel(i), BID, NetworkBuffers.exclusive(CAPACITY));
            Thread producer = new Thread(() -> produce(queue, rows), "producer");
            producer.start();
            producers.add(producer);
        }
        for (Thread producer : producers) {
            producer.join();
        }
        Thread.sleep(Long.MAX_VALUE); // until the parent ends this process, once it has read everything
    }

    private static double tcp(long bytes) throws Exception {
        Process child = child("serve-tcp", String.valueOf(bytes));
        try (Socket socket = new Socket("127.0.0.1", readPort(child)); InputStream in = socket.getInputStream()) {
            byte[] buffer = new byte[64 << 10];
            long read = 0;
            long start = System.nanoTime();
            for (int n; (n = in.read(buffer)) > 0; ) {
                read += n;
            }
            check(read, bytes);
            return (System.nanoTime() - start) / 1e9;
        } finally {
            child.destroy();
            child.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static void serveTcp(long bytes) throws IOException {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            System.out.println("PORT " + server.getLocalPort());
            System.out.flush();
            try (Socket socket = server.accept(); OutputStream out = socket.getOutputStream()) {
                byte[] buffer = new byte[64 << 10];
                for (long left = bytes; left > 0; left -= buffer.length) {
                    out.write(buffer, 0, (int) Math.min(buffer.length, left));
                }
            }
        }
    }

    private static Process child(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-XX:+UseParallelGC", "-Dcapacity=" + CAPACITY, "-cp", System.getProperty("java.class.path"), ExchangeBenchmark.class.getName()));
        String extra = System.getProperty("exchange.child.opts", "").strip(); // e.g. a profiler's flags
        if (!extra.isEmpty()) {
            command.addAll(4, List.of(extra.split("\\s+")));
        }
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    private static int readPort(Process child) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        for (String line; (line = out.readLine()) != null; ) {
            if (line.startsWith("PORT ")) {
                return Integer.parseInt(line.substring(5).strip());
            }
        }
        throw new IOException("The child process ended without saying its port");
    }

    private static void check(long got, long expected) {
        if (got != expected) {
            throw new IllegalStateException("Received " + got + ", expected " + expected);
        }
    }
}
