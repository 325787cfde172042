// Replaced by the spreadsheet import pipeline (issue: spreadsheet import).
export async function processImportJob(_env: Env, jobId: string): Promise<void> {
  console.log(`import job ${jobId} received`);
}
