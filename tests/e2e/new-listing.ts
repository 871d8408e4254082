// A new listing as a provider builds it on a phone: three photos of plain colours (each journey picks its own,
// since the same picture on two accounts is held as a copy: docs/decisions/0057), then the editor's three
// pages filled from 'Add New Listing' up to the first incall rate. The journeys that start this way
// (provider-journey, agency-consent) go on from there in their own ways.
import { join } from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { hydrated } from "./browser";

const editorField = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

type Colour = { r: number; g: number; b: number };

/** Three 900 x 1200 JPEGs of `colours` in `dir`, their paths in order. */
export async function colourPhotos(dir: string, colours: readonly [Colour, Colour, Colour]): Promise<string[]> {
  const paths: string[] = [];
  for (const [i, colour] of colours.entries()) {
    const path = join(dir, `photo-${i + 1}.jpg`);
    await sharp({ create: { width: 900, height: 1200, channels: 3, background: colour } })
      .jpeg({ quality: 85 })
      .toFile(path);
    paths.push(path);
  }
  return paths;
}

/** Picks `photos` in the editor's photo input and waits until each has its tile, none still uploading. */
export async function addPhotos(page: Page, photos: string[]) {
  await page.getByTestId("photo-input").setInputFiles(photos);
  await page.waitForFunction(
    (count) =>
      document.querySelectorAll('[data-testid="photo-tile"]').length === count &&
      !document.querySelector('[data-testid="photo-tile"] [role="status"]'),
    photos.length,
    { timeout: 30_000 },
  );
}

/** From the dashboard's 'Add New Listing' through the three pages, up to an incall rate of `price` (not saved). */
export async function fillNewListing(
  page: Page,
  photos: string[],
  listing: { name: string; phone: string; age: string; price: string },
) {
  const field = (label: string) => editorField(page, label);
  await page.getByRole("link", { name: "Add New Listing" }).first().click();
  await page.waitForURL((url) => url.pathname === "/profile/new");
  await hydrated(page);
  await addPhotos(page, photos);
  await field("Display Name").fill(listing.name);
  await field("Service Location").selectOption("Auckland");
  await field("Contact phone").fill(listing.phone);
  await field("Place of service").selectOption("Incall");
  await field("Tagline").fill("Warm, discreet and on time");
  await field("Bio").fill(
    "Relaxed and friendly company in central Auckland. I love good food, long walks and great conversation.",
  );
  await page.getByTestId("editor-next").click();
  await page.getByRole("heading", { name: /^Page 2 of 3/ }).waitFor();
  await field("Age").fill(listing.age);
  await field("Nationality").selectOption("New Zealand");
  await field("Body type").selectOption("Slim");
  await page.getByTestId("editor-next").click();
  await page.getByRole("heading", { name: /^Page 3 of 3/ }).waitFor();
  await page.getByRole("button", { name: "Add incall rate" }).click();
  await page.getByLabel("Price ($)").first().fill(listing.price);
}
