// Imported first by workers/app.ts, so that React's server renderer, which makes its TextEncoder when its
// module loads, gets this one (app/platform/http/short-string-encoder.ts). Everything else gets it too: same bytes.
import { ShortStringEncoder } from "../app/platform/http/short-string-encoder";

globalThis.TextEncoder = ShortStringEncoder;
