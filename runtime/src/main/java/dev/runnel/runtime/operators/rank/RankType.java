package dev.runnel.runtime.operators.rank;

/** The ranking function of a Top-N: how rows with equal sort keys are numbered. */
public enum RankType {
    /** 1, 2, 3, 4: ties get consecutive numbers in arrival order. */
    ROW_NUMBER,
    /** 1, 2, 2, 4: ties share a number, which leaves gaps. */
    RANK,
    /** 1, 2, 2, 3: ties share a number, without gaps. */
    DENSE_RANK
}
