/** Unknown API paths answer JSON, not the home page. */
const notFound = () => Response.json({ error: "Not found" }, { status: 404 });
export const loader = notFound;
export const action = notFound;
