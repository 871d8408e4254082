// Builds a real EXIF block with a GPS position (Auckland) and camera names, and inserts it into a JPEG as
// an APP1 segment right after the start-of-image marker: what a phone photo carries.

export const GPS_MAKE = "PhoneCam";
export const GPS_MODEL = "Model GPS-1";

type Entry = { tag: number; type: 2 | 4 | 5; count: number; data: Uint8Array };

const ascii = (s: string) => new TextEncoder().encode(`${s}\0`);
function rationals(pairs: [number, number][]): Uint8Array {
  const out = new Uint8Array(pairs.length * 8);
  const view = new DataView(out.buffer);
  pairs.forEach(([n, d], i) => {
    view.setUint32(i * 8, n, true);
    view.setUint32(i * 8 + 4, d, true);
  });
  return out;
}

/** One IFD at `start` (TIFF offsets), values longer than 4 bytes placed after it. */
function ifd(entries: Entry[], start: number): Uint8Array {
  const headerSize = 2 + entries.length * 12 + 4;
  const extra = entries.reduce((n, e) => n + (e.data.length > 4 ? e.data.length + (e.data.length & 1) : 0), 0);
  const out = new Uint8Array(headerSize + extra);
  const view = new DataView(out.buffer);
  view.setUint16(0, entries.length, true);
  let dataAt = headerSize;
  entries.forEach((e, i) => {
    const at = 2 + i * 12;
    view.setUint16(at, e.tag, true);
    view.setUint16(at + 2, e.type, true);
    view.setUint32(at + 4, e.count, true);
    if (e.data.length <= 4) out.set(e.data, at + 8);
    else {
      view.setUint32(at + 8, start + dataAt, true);
      out.set(e.data, dataAt);
      dataAt += e.data.length + (e.data.length & 1);
    }
  });
  view.setUint32(2 + entries.length * 12, 0, true);
  return out;
}

/** The TIFF structure of the EXIF block: IFD0 (Make, Model, GPS pointer) and the GPS IFD. */
export function gpsExifTiff(): Uint8Array {
  const ifd0Start = 8;
  const make = ascii(GPS_MAKE);
  const model = ascii(GPS_MODEL);
  const long = (n: number) => {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, n, true);
    return b;
  };
  // IFD0's size does not depend on the GPS offset's value, so build it once to measure, then for real.
  const probe = ifd(
    [
      { tag: 0x010f, type: 2, count: make.length, data: make },
      { tag: 0x0110, type: 2, count: model.length, data: model },
      { tag: 0x8825, type: 4, count: 1, data: long(0) },
    ],
    ifd0Start,
  );
  const gpsStart = ifd0Start + probe.length;
  const ifd0 = ifd(
    [
      { tag: 0x010f, type: 2, count: make.length, data: make },
      { tag: 0x0110, type: 2, count: model.length, data: model },
      { tag: 0x8825, type: 4, count: 1, data: long(gpsStart) },
    ],
    ifd0Start,
  );
  const gps = ifd(
    [
      { tag: 0x0001, type: 2, count: 2, data: ascii("S") },
      {
        tag: 0x0002,
        type: 5,
        count: 3,
        data: rationals([
          [36, 1],
          [50, 1],
          [3000, 100],
        ]),
      },
      { tag: 0x0003, type: 2, count: 2, data: ascii("E") },
      {
        tag: 0x0004,
        type: 5,
        count: 3,
        data: rationals([
          [174, 1],
          [45, 1],
          [4000, 100],
        ]),
      },
    ],
    gpsStart,
  );
  const tiff = new Uint8Array(8 + ifd0.length + gps.length);
  tiff.set([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]);
  tiff.set(ifd0, 8);
  tiff.set(gps, 8 + ifd0.length);
  return tiff;
}

/** The JPEG with an APP1 "Exif" segment holding a GPS position inserted after SOI. */
export function withGpsExif(jpeg: Uint8Array): Uint8Array {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error("not a JPEG");
  const tiff = gpsExifTiff();
  const payload = new Uint8Array(6 + tiff.length);
  payload.set([0x45, 0x78, 0x69, 0x66, 0x00, 0x00]);
  payload.set(tiff, 6);
  const length = payload.length + 2;
  const segment = new Uint8Array(4 + payload.length);
  segment.set([0xff, 0xe1, length >> 8, length & 0xff]);
  segment.set(payload, 4);
  const out = new Uint8Array(jpeg.length + segment.length);
  out.set(jpeg.subarray(0, 2));
  out.set(segment, 2);
  out.set(jpeg.subarray(2), 2 + segment.length);
  return out;
}

/** True when the bytes still hold an EXIF block, the GPS IFD tag, or the camera's name anywhere. */
export function carriesMetadata(bytes: Uint8Array): boolean {
  const text = new TextDecoder("latin1").decode(bytes);
  return (
    text.includes("Exif\0\0") ||
    text.includes(GPS_MAKE) ||
    text.includes(GPS_MODEL) ||
    text.includes("EXIF") ||
    text.includes("XMP ")
  );
}
