-- Stored files may be kept gzip-compressed (uploaded CSVs shrink about 4x); downloads decode them, and
-- byte_size stays the size of the file as it was uploaded (decision 056).
ALTER TABLE stored_files ADD COLUMN IF NOT EXISTS content_encoding text CHECK (content_encoding IN ('gzip'));
