// The earlier single-file call: same contract as the batch call (202 with the job id; the
// report is read from the job), so scripts written for either keep working.
export { action, loader } from "./api.upload-excel-batch";
