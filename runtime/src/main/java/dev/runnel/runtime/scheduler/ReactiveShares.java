package dev.runnel.runtime.scheduler;

import java.util.List;

/**
 * How the slots of a session cluster are shared between reactive jobs: the slots that jobs with
 * a fixed parallelism do not need are dealt out one at a time, round the reactive jobs in
 * submission order, to every job below its upper bound, until none are left. Every job thus gets
 * an equal share (the earlier ones one more when the slots do not divide evenly), and what a job
 * cannot use because of its bound goes to the others.
 */
public final class ReactiveShares {
    private ReactiveShares() {
    }

    /**
     * @param upperBounds each reactive job's largest useful parallelism, in submission order
     * @param slots the slots left for reactive jobs
     * @return each job's share, in the same order; 0 for a job that gets none (it waits for one)
     */
    public static int[] of(List<Integer> upperBounds, int slots) {
        int[] shares = new int[upperBounds.size()];
        int left = Math.max(0, slots);
        boolean given = true;
        while (left > 0 && given) {
            given = false;
            for (int j = 0; j < shares.length && left > 0; j++) {
                if (shares[j] < upperBounds.get(j)) {
                    shares[j]++;
                    left--;
                    given = true;
                }
            }
        }
        return shares;
    }
}
