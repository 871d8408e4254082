import { describe, expect, it } from "vitest";
import { ShortStringEncoder } from "~/platform/http/short-string-encoder";

const native = new TextEncoder();
const fast = new ShortStringEncoder();

describe("ShortStringEncoder", () => {
  it("gives the native encoder's bytes for every kind of text", () => {
    const samples = [
      "",
      "a",
      'class="flex min-h-11 items-center"',
      "x".repeat(64),
      "x".repeat(65),
      "Māori · Ōtautahi",
      "café",
      "💖 emoji",
      "\u0000\u007f\u0080",
      "lone \ud800 surrogate",
      "\udc00",
      "<script>window.__remixContext = {}</script>".repeat(3),
    ];
    for (const s of samples) expect([...fast.encode(s)], JSON.stringify(s)).toEqual([...native.encode(s)]);
  });

  it("matches on random strings of every length around its cut-off", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const alphabet = ["a", "Z", " ", "<", "&", '"', "é", "ā", "中", "\ud83d\ude00"];
    for (let i = 0; i < 2000; i++) {
      const length = next() % 80;
      const ascii = next() % 3 !== 0;
      let s = "";
      for (let j = 0; j < length; j++) s += ascii ? String.fromCharCode(32 + (next() % 95)) : alphabet[next() % 10];
      expect([...fast.encode(s)]).toEqual([...native.encode(s)]);
    }
  });

  it("takes what the native one takes: nothing, or anything turned into text", () => {
    expect([...fast.encode()]).toEqual([]);
    expect([...fast.encode(123 as unknown as string)]).toEqual([...native.encode("123")]);
    expect([...fast.encode(null as unknown as string)]).toEqual([...native.encode("null")]);
  });

  it("answers a Uint8Array of its own each time, and is still a TextEncoder", () => {
    const a = fast.encode("abc");
    const b = fast.encode("abc");
    expect(a).toBeInstanceOf(Uint8Array);
    expect(a.buffer).not.toBe(b.buffer);
    expect(a.byteLength).toBe(a.buffer.byteLength);
    expect(fast).toBeInstanceOf(TextEncoder);
    expect(fast.encoding).toBe("utf-8");
    const into = new Uint8Array(4);
    expect(fast.encodeInto("hé", into)).toEqual({ read: 2, written: 3 });
  });
});
