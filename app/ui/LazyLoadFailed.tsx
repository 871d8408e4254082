// LoadFailed.tsx's notices for the grid pages, whose first load shows neither: the server renders them in place,
// and the browser fetches their code at the visitor's first input (the islands' moment,
// docs/decisions/0072-grid-pages-first-load-without-what-waits.md). Every failure they report follows an input
// (a filter or region followed, more cards scrolled in, Back), so their code is in by then, offline too; a
// failure before any input (a realtime refresh) fetches it when it shows.
import { clientLazy } from "./clientLazy";
import { whenWoken } from "./island";
import { ListErrorBoundary as EagerListErrorBoundary, LoadFailed as EagerLoadFailed } from "./LoadFailed";

const load = () => import("./LoadFailed");

// Should this fetch fail, the part asks again when it shows (and logs it if that fails too).
if (typeof window !== "undefined")
  void whenWoken()
    .then(load)
    .catch(() => undefined);

export const LoadFailed = clientLazy(import.meta.env.SSR ? EagerLoadFailed : null, () =>
  load().then((m) => m.LoadFailed),
);

export const ListErrorBoundary = clientLazy(import.meta.env.SSR ? EagerListErrorBoundary : null, () =>
  load().then((m) => m.ListErrorBoundary),
);
