-- A pending upload removed without being published takes its rows along (0007), whichever sector's
-- table they went to (0011): the same function, over every sector's table. Published uploads are left
-- out first, so a publish never visits its own rows (docs/decisions/080-pending-uploads.md).
CREATE OR REPLACE FUNCTION dataset_rows_follow_pending_uploads() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  gone integer;
BEGIN
  FOR gone IN
    SELECT r.id FROM removed_pending r WHERE NOT EXISTS (SELECT 1 FROM upload_logs u WHERE u.id = r.id)
  LOOP
    DELETE FROM dataset_rows WHERE upload_id = gone;
    DELETE FROM automobile_rows WHERE upload_id = gone;
    DELETE FROM real_estate_rows WHERE upload_id = gone;
    DELETE FROM healthcare_rows WHERE upload_id = gone;
    DELETE FROM retail_rows WHERE upload_id = gone;
    DELETE FROM hotels_rows WHERE upload_id = gone;
  END LOOP;
  RETURN NULL;
END
$$;
