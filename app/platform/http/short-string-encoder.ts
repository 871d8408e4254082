// A TextEncoder whose encode() writes short ASCII strings in JavaScript. React's server renderer
// (react-dom/server.browser, React 18) encodes every piece of a page it writes separately: thousands of
// encode() calls of a few bytes each for one page. In workerd each native call pays for crossing into C++
// and allocating there, which a CPU profile of a signed-in home page put at an eighth of the Worker's time.
// The bytes are the same: anything long or not plain ASCII goes to the native encoder.
// workers/text-encoder.ts installs it before React loads (docs/decisions/0020-route-groups.md, "Encoding").

/** Past this length the native call's fixed cost is small beside the copy it does. */
const SHORT = 64;

export class ShortStringEncoder extends TextEncoder {
  override encode(input: string = ""): Uint8Array<ArrayBuffer> {
    const text = typeof input === "string" ? input : String(input);
    const length = text.length;
    if (length > SHORT) return super.encode(text) as Uint8Array<ArrayBuffer>;
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code > 0x7f) return super.encode(text) as Uint8Array<ArrayBuffer>;
      bytes[i] = code;
    }
    return bytes;
  }
}
