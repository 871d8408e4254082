// Abstract pictures for the demo listings: layered gradients, soft blobs, waves and circles
// in one palette. No people, no text. Pure string building: drizzle/seed/photos.ts renders them.
import type { Rng } from "./random";

/** Five colours each, roughly darkest first. */
export const PALETTES: readonly (readonly string[])[] = [
  ["#1b1f3b", "#53354a", "#903749", "#e84545", "#f6c5a4"], // dusk rose
  ["#0b2545", "#13315c", "#2a6f97", "#61a5c2", "#dbe9ee"], // deep ocean
  ["#22223b", "#4a4e69", "#9a8c98", "#c9ada7", "#f2e9e4"], // lavender stone
  ["#2d1e2f", "#5c2a4d", "#b5446e", "#f08a4b", "#fcd29f"], // sunset
  ["#0f3d3e", "#1d6a6b", "#4f9d8f", "#a7d7c5", "#f1f7ed"], // sea glass
  ["#2b193d", "#4c2a85", "#7b4fc9", "#c38dff", "#f3e8ff"], // violet
  ["#3d0c11", "#7a1c2b", "#c0392b", "#f39c6b", "#ffe0b5"], // ember
  ["#1a2f2a", "#3e5c4b", "#7d9d6f", "#d8c99b", "#f7efe0"], // olive grove
  ["#14213d", "#2f3e66", "#e29578", "#ffddd2", "#edf6f9"], // harbour dawn
  ["#231942", "#5e548e", "#9f86c0", "#be95c4", "#e0b1cb"], // twilight
  ["#003049", "#335c67", "#e09f3e", "#f4d58d", "#fff3b0"], // golden hour
  ["#2e1a12", "#6f3b2a", "#b86f50", "#e2b07a", "#f9e4c8"], // terracotta
  ["#10002b", "#3c096c", "#7b2cbf", "#e0aaff", "#ffd6ff"], // neon orchid
  ["#0d1b2a", "#1b263b", "#415a77", "#778da9", "#e0e1dd"], // slate
  ["#1f2421", "#216869", "#49a078", "#9cc5a1", "#dce1de"], // fern
  ["#2a0a29", "#6b0f3a", "#d1495b", "#edae49", "#f7e3af"], // pohutukawa
  ["#051923", "#003554", "#006494", "#00a6fb", "#b3e5fc"], // lagoon
  ["#332c39", "#6d597a", "#b56576", "#e56b6f", "#eaac8b"], // rosewood
  ["#1d3557", "#457b9d", "#a8dadc", "#f1faee", "#e63946"], // coastal
  ["#282120", "#5f4b3a", "#a98467", "#dcc7aa", "#f0ead2"], // driftwood
];

export const ART_STYLES = ["aurora", "waves", "blobs", "circles"] as const;
export type ArtStyle = (typeof ART_STYLES)[number];

// Every picture is drawn in this box and scaled to the output size, so a smaller render is the same picture.
const W = 600;
const H = 800;

const f = (n: number) => (Math.round(n * 10) / 10).toString();

export function artSvg(rng: Rng, palette: readonly string[], style: ArtStyle, width = W, height = H): string {
  const defs: string[] = [];
  const body: string[] = [];
  let uid = 0;
  const id = (prefix: string) => `${prefix}${uid++}`;

  const linear = (colours: string[], angle: number, opacities?: number[]) => {
    const gid = id("g");
    const rad = (angle * Math.PI) / 180;
    const x = Math.cos(rad) / 2;
    const y = Math.sin(rad) / 2;
    const stops = colours
      .map((c, i) => {
        const o = opacities?.[i] ?? 1;
        return `<stop offset="${f((i / Math.max(1, colours.length - 1)) * 100)}%" stop-color="${c}" stop-opacity="${o}"/>`;
      })
      .join("");
    defs.push(
      `<linearGradient id="${gid}" x1="${f(0.5 - x)}" y1="${f(0.5 - y)}" x2="${f(0.5 + x)}" y2="${f(0.5 + y)}">${stops}</linearGradient>`,
    );
    return `url(#${gid})`;
  };
  const radial = (inner: string, outer: string, innerOpacity = 1, outerOpacity = 0) => {
    const gid = id("r");
    defs.push(
      `<radialGradient id="${gid}"><stop offset="0%" stop-color="${inner}" stop-opacity="${innerOpacity}"/><stop offset="100%" stop-color="${outer}" stop-opacity="${outerOpacity}"/></radialGradient>`,
    );
    return `url(#${gid})`;
  };
  const blur = (std: number) => {
    const fid = id("b");
    defs.push(
      `<filter id="${fid}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f(std)}"/></filter>`,
    );
    return `url(#${fid})`;
  };
  const colour = () => rng.pick(palette);
  const dark = palette[0];
  const light = palette[palette.length - 1];

  // Background: a diagonal gradient through two or three palette colours, darker side first.
  const bgColours = rng.chance(0.5)
    ? [dark, palette[rng.int(1, 2)], palette[rng.int(2, 3)]]
    : [dark, palette[rng.int(1, 3)]];
  body.push(`<rect width="${W}" height="${H}" fill="${linear(bgColours, rng.int(30, 150))}"/>`);

  if (style === "aurora") {
    // Soft glows: radial gradients fading to nothing look like blurred shapes at a fraction of a blur's cost.
    for (let i = 0, n = rng.int(5, 8); i < n; i++) {
      const cx = f(rng.float(0, W));
      const cy = f(rng.float(0, H));
      const c = palette[rng.int(i === 0 ? 3 : 1, 4)];
      body.push(
        `<ellipse cx="${cx}" cy="${cy}" rx="${f(rng.float(170, 360))}" ry="${f(rng.float(150, 380))}" fill="${radial(c, c, rng.float(0.6, 0.95), 0)}" transform="rotate(${rng.int(0, 180)} ${cx} ${cy})"/>`,
      );
    }
    // A ribbon of light across the frame.
    const y0 = rng.float(200, 600);
    body.push(
      `<path d="M-40 ${f(y0)} C ${f(W * 0.3)} ${f(y0 - rng.float(150, 300))}, ${f(W * 0.7)} ${f(y0 + rng.float(150, 300))}, ${W + 40} ${f(y0 - rng.float(-100, 100))}" stroke="${light}" stroke-opacity="0.35" stroke-width="${rng.int(30, 70)}" fill="none" filter="${blur(18)}"/>`,
    );
    for (let i = 0, n = rng.int(1, 3); i < n; i++) {
      body.push(
        `<circle cx="${f(rng.float(60, W - 60))}" cy="${f(rng.float(80, H - 80))}" r="${f(rng.float(30, 110))}" fill="${light}" fill-opacity="${f(rng.float(0.08, 0.2))}" stroke="${light}" stroke-opacity="0.45" stroke-width="1.5"/>`,
      );
    }
  } else if (style === "waves") {
    // A low sun, then bands of waves getting darker towards the bottom.
    const sunX = rng.float(120, W - 120);
    const sunY = rng.float(150, 380);
    const sunR = rng.float(70, 150);
    body.push(`<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR * 2.2)}" fill="${radial(light, light, 0.35, 0)}"/>`);
    body.push(
      `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR)}" fill="${linear([light, palette[3]], 90)}" fill-opacity="0.9"/>`,
    );
    const bands = rng.int(4, 6);
    const bandColours = [...palette.slice(1, 4)].reverse();
    for (let b = 0; b < bands; b++) {
      const base = 330 + (b * (H - 330)) / bands + rng.float(-20, 20);
      const amp = rng.float(15, 45);
      const freq = rng.float(1, 2.5);
      const phase = rng.float(0, Math.PI * 2);
      const amp2 = rng.float(5, 20);
      const freq2 = rng.float(3, 6);
      const pts: string[] = [];
      for (let x = -20; x <= W + 20; x += 20) {
        const t = (x / W) * Math.PI * 2;
        pts.push(`${x} ${f(base + Math.sin(t * freq + phase) * amp + Math.sin(t * freq2) * amp2)}`);
      }
      const c1 = bandColours[b % bandColours.length];
      const fill = linear([c1, b >= bands - 2 ? dark : palette[1]], 90, [0.95, 1]);
      body.push(
        `<path d="M${pts.join(" L")} L${W + 20} ${H + 20} L-20 ${H + 20} Z" fill="${fill}" fill-opacity="${f(0.55 + (b / bands) * 0.4)}"/>`,
      );
    }
  } else if (style === "blobs") {
    const shapes: string[] = [];
    const shadows: string[] = [];
    for (let i = 0, n = rng.int(3, 6); i < n; i++) {
      const path = blobPath(rng, rng.float(60, W - 60), rng.float(80, H - 80), rng.float(90, 230));
      const fill = linear([palette[rng.int(1, 4)], palette[rng.int(1, 4)]], rng.int(0, 180));
      shadows.push(`<path d="${path}"/>`);
      shapes.push(`<path d="${path}" fill="${fill}" fill-opacity="${f(rng.float(0.6, 0.9))}"/>`);
    }
    // One blurred group for all the shadows: a blur per shape costs several times as much.
    body.push(
      `<g fill="${dark}" fill-opacity="0.35" transform="translate(12 18)" filter="${blur(22)}">${shadows.join("")}</g>`,
    );
    body.push(...shapes);
    for (let i = 0, n = rng.int(6, 14); i < n; i++) {
      body.push(
        `<circle cx="${f(rng.float(0, W))}" cy="${f(rng.float(0, H))}" r="${f(rng.float(3, 12))}" fill="${light}" fill-opacity="${f(rng.float(0.3, 0.7))}"/>`,
      );
    }
  } else {
    // circles: overlapping discs and rings, a little Bauhaus.
    body.push(
      `<circle cx="${f(rng.float(0, W))}" cy="${f(rng.float(0, H))}" r="380" fill="${radial(palette[2], palette[2], 0.6, 0)}"/>`,
    );
    for (let i = 0, n = rng.int(5, 9); i < n; i++) {
      const r = rng.float(40, 210);
      const cx = f(rng.float(-40, W + 40));
      const cy = f(rng.float(-40, H + 40));
      if (rng.chance(0.3)) {
        body.push(
          `<circle cx="${cx}" cy="${cy}" r="${f(r)}" fill="none" stroke="${colour()}" stroke-opacity="${f(rng.float(0.5, 0.9))}" stroke-width="${rng.int(4, 22)}"/>`,
        );
      } else {
        body.push(
          `<circle cx="${cx}" cy="${cy}" r="${f(r)}" fill="${radial(palette[rng.int(2, 4)], palette[rng.int(1, 3)], 0.95, 0.55)}" fill-opacity="${f(rng.float(0.5, 0.85))}"/>`,
        );
      }
    }
    // A half-disc or arc to anchor the composition.
    const ax = rng.float(150, W - 150);
    const ar = rng.float(120, 220);
    body.push(
      `<path d="M${f(ax - ar)} ${H} A ${f(ar)} ${f(ar)} 0 0 1 ${f(ax + ar)} ${H} Z" fill="${light}" fill-opacity="0.55"/>`,
    );
  }

  // Soft vignette keeps the edges calm against the dark site.
  body.push(`<rect width="${W}" height="${H}" fill="${radial(dark, dark, 0, 0.45)}"/>`);

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}">` +
    `<defs>${defs.join("")}</defs>${body.join("")}</svg>`
  );
}

/** A smooth closed shape: points on a jittered circle joined by a Catmull-Rom spline. */
function blobPath(rng: Rng, cx: number, cy: number, radius: number): string {
  const n = rng.int(5, 8);
  const pts: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2 + rng.float(-0.2, 0.2);
    const r = radius * rng.float(0.65, 1.15);
    pts.push([cx + Math.cos(a) * r, cy + Math.sin(a) * r * rng.float(0.85, 1.2)]);
  }
  let d = `M${f(pts[0][0])} ${f(pts[0][1])}`;
  for (let i = 0; i < n; i++) {
    const p0 = pts[(i - 1 + n) % n];
    const p1 = pts[i];
    const p2 = pts[(i + 1) % n];
    const p3 = pts[(i + 2) % n];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p2[0])} ${f(p2[1])}`;
  }
  return `${d} Z`;
}
