-- Room on each page of essays for a row's next version: the frequent small updates (view counts every few seconds,
-- likes, comments, the hot score) then stay HOT, writing no index entry (essays carries two GIN indexes and several
-- btrees). A row is about 2 KB with its search vector, so a quarter of each page is the room for one. Pages written
-- from now on keep 25% free; pages filled before gain room as their rows move, or at once with VACUUM FULL essays.
ALTER TABLE "essays" SET (fillfactor = 75);
