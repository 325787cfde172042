-- Identities (place id, else name + address) already read from a file during its import:
-- lets the consumer count duplicates within the file across resumable steps without holding
-- them in memory. Rows are deleted when the job ends.
CREATE TABLE `upload_job_keys` (
	`job_id` text NOT NULL,
	`key` text NOT NULL,
	PRIMARY KEY(`job_id`, `key`)
) WITHOUT ROWID;
