-- An import's two hashes are kept as uuids, the first 128 bits of their SHA-256 (decision 051):
-- 16 bytes compared as bytes instead of 64 characters of hexadecimal text, so the two indexes
-- every imported row goes into are less than half as large and each row's look-ups and inserts
-- cost less. A hash kept before keeps its first 32 hexadecimal digits, as the server now keeps
-- every new one, so a file imported before is still recognised. One rewrite of the entries.
ALTER TABLE "transactions"
  ALTER COLUMN "import_hash" SET DATA TYPE uuid USING (
    CASE WHEN "import_hash" ~ '^[0-9a-f]{32}' THEN left("import_hash", 32) ELSE md5("import_hash") END)::uuid,
  ALTER COLUMN "import_line_hash" SET DATA TYPE uuid USING (
    CASE WHEN "import_line_hash" ~ '^[0-9a-f]{32}' THEN left("import_line_hash", 32) ELSE md5("import_line_hash") END)::uuid;
