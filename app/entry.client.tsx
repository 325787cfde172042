import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { forgetAdminDataOnChanges } from "~/lib/admin/admin-data-cache";
import { retryPageData } from "~/lib/admin/query-retry";

retryPageData(window);
forgetAdminDataOnChanges(window);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
