-- When the consumer first took the job (queued → processing): the report's processing time
-- starts here, not at the upload (which includes sending the file and waiting behind another import).
ALTER TABLE `upload_jobs` ADD `started_at` integer;
