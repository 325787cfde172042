import { textError } from "~/lib/web/http";

/** Unknown /api/* paths answer a plain 404 (clients read "404: Not Found"), not the HTML 404 page. */
export const loader = () => textError(404, "Not Found");
export const action = () => textError(404, "Not Found");
