// Unknown API paths answer JSON, not the home page.
import { jsonError } from "~/platform/http/responses.server";

const notFound = () => jsonError(404, "Not found");
export const loader = notFound;
export const action = notFound;
