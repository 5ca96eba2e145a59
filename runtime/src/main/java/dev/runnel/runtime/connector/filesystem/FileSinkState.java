package dev.runnel.runtime.connector.filesystem;

import dev.runnel.runtime.checkpoint.VersionedBytes;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one filesystem sink subtask checkpoints, as one entry of its split list: the table
 * directory it wrote into (absolute; a job resumed from a savepoint may write elsewhere, but
 * commits the files pending here where they are), the name prefix
 * of its part files ({@code uuid} and {@code subtask}) and the next part number, the in-progress
 * files that wait for a checkpoint to complete (by checkpoint id, paths relative to the table
 * directory), the partitions it wrote (for the end-of-input partition commit), the partitions
 * whose commit is still due with the time their wait started, those of them that already
 * have committed files, and the staging ids of the job's attempts whose finished subtasks'
 * partitions are still to be committed at the end of the input ({@link PartitionCommitter}: the
 * attempt that wrote the state first, then those it inherited).
 *
 * <p>Serialized by {@link #toBytes()}: a version byte, then the fields in order.
 */
record FileSinkState(String directory, String uuid, int subtask, int nextPart, TreeMap<Long, List<String>> pending,
                     List<String> written, Map<String, Long> uncommittedPartitions, List<String> visiblePartitions,
                     List<String> stagings) {
    private static final byte VERSION = 3;

    byte[] toBytes() {
        return VersionedBytes.write(VERSION, out -> {
            out.writeUTF(directory);
            out.writeUTF(uuid);
            out.writeInt(subtask);
            out.writeInt(nextPart);
            out.writeInt(pending.size());
            for (Map.Entry<Long, List<String>> e : pending.entrySet()) {
                out.writeLong(e.getKey());
                writeStrings(out, e.getValue());
            }
            writeStrings(out, written);
            out.writeInt(uncommittedPartitions.size());
            for (Map.Entry<String, Long> e : uncommittedPartitions.entrySet()) {
                out.writeUTF(e.getKey());
                out.writeLong(e.getValue());
            }
            writeStrings(out, visiblePartitions);
            writeStrings(out, stagings);
        });
    }

    /** The state {@link #toBytes()} wrote; fails on bytes of an unknown version. */
    static FileSinkState fromBytes(byte[] bytes) {
        return VersionedBytes.read(bytes, VERSION, "the state of a filesystem sink", in -> {
            String directory = in.readUTF();
            String uuid = in.readUTF();
            int subtask = in.readInt();
            int nextPart = in.readInt();
            TreeMap<Long, List<String>> pending = new TreeMap<>();
            for (int i = in.readInt(); i > 0; i--) {
                pending.put(in.readLong(), readStrings(in));
            }
            List<String> written = readStrings(in);
            Map<String, Long> uncommitted = new LinkedHashMap<>();
            for (int i = in.readInt(); i > 0; i--) {
                uncommitted.put(in.readUTF(), in.readLong());
            }
            return new FileSinkState(directory, uuid, subtask, nextPart, pending, written, uncommitted, readStrings(in),
                    readStrings(in));
        });
    }

    private static void writeStrings(DataOutputStream out, List<String> strings) throws IOException {
        out.writeInt(strings.size());
        for (String s : strings) {
            out.writeUTF(s);
        }
    }

    private static List<String> readStrings(DataInputStream in) throws IOException {
        List<String> strings = new ArrayList<>();
        for (int i = in.readInt(); i > 0; i--) {
            strings.add(in.readUTF());
        }
        return strings;
    }
}
