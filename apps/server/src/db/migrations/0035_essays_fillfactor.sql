-- Room on each page of essays for a row's next version: the frequent small updates (view counts every few seconds,
-- likes, comments, the hot score) then stay HOT, writing no index entry (essays carries two GIN indexes and several
-- btrees). Pages written from now on keep 10% free; pages filled before gain room as their rows move or are vacuumed.
ALTER TABLE "essays" SET (fillfactor = 90);
