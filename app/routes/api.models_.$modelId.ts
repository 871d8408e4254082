// GET /api/models/{modelId}: the profile for a non-edit screen, with exactly the visibility and answers of
// /api/model/{modelId}. (The trailing _ in the file name keeps it out of /api/models' list route.)
export { action, loader } from "./api.model.$modelId";
