-- Rate-limit counters need no crash safety: after a PostgreSQL crash the table starts empty and the
-- windows start again. Unlogged, a hit skips the write-ahead log and its flush (decision 021).
-- Drizzle cannot express UNLOGGED in the schema, so it is set here.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
