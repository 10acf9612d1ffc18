-- City mode, step 2's policies (docs/decisions/035-city-mode.md, section 2): every table holding
-- barangay rows gets one policy, a row visible and writable only in its own barangay's requests.
-- Created, not enabled: row-level security stays off until a city turns it on (enabled and forced;
-- CITY_MODE refuses to start before, src/db/city-mode.ts), so a single barangay runs as before.
-- The function is wrapped in a sub-select so PostgreSQL evaluates it once per statement, not per row.
-- A table added later gets its policy in its own migration; src/modules/barangays/barangays.test.ts
-- fails on one without.
DO $$
DECLARE
  tenant_table text;
BEGIN
  FOR tenant_table IN
    SELECT c.relname FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'barangay_id' AND NOT a.attisdropped
    WHERE n.nspname = current_schema() AND c.relkind = 'r'
  LOOP
    EXECUTE format(
      'CREATE POLICY barangay_isolation ON %I USING (barangay_id = (SELECT app_current_barangay())) WITH CHECK (barangay_id = (SELECT app_current_barangay()))',
      tenant_table
    );
  END LOOP;
END $$;
