import { describe, expect, it } from "vitest";
import {
  draftPhotosOf,
  draftWritable,
  EDITOR_MSG,
  editorReducer,
  initialEditorState,
  photoKeys,
  photoPlan,
  previewChange,
  setField,
} from "~/features/listings/editor/editor-state";
import type { EditorAction, EditorPhoto, EditorState } from "~/features/listings/editor/editor-state";
import { valuesFromProfile } from "~/features/listings/editor/form";
import { emptyListingValues, LISTING_MSG } from "~/features/listings/schema";
import type { Profile } from "~/core/profile";
import { validValues } from "./listing-fixtures";

const image = (n: number) => ({ imageId: `img${n}`, url: `/photos/${n}.webp`, position: n, width: 600, height: 800 });

function profile(over: Partial<Profile> = {}): Profile {
  const v = validValues();
  return {
    modelId: "m1",
    firstName: v.firstName,
    age: 27,
    tagLine: v.tagLine,
    description: v.description,
    location: v.location,
    suburb: v.suburb,
    calls: v.calls,
    rate60: 300,
    nationality: v.nationality,
    height: 168,
    weight: 55,
    eyeColour: v.eyeColour,
    bust: v.bust,
    dressSize: 10,
    hairColour: v.hairColour,
    bodyType: v.bodyType,
    services: "GFE,Massage",
    interests: "Yoga",
    favorites: "Champagne",
    availability: v.availability,
    schedule: v.schedule,
    tours: [],
    instagram: v.instagram,
    twitter: "",
    onlyFans: "",
    website: v.website,
    contactPhone: v.contactPhone,
    takesRequests: false,
    accountType: "standard",
    hot: false,
    verified: false,
    live: false,
    active: false,
    active_until: null,
    photoVerified: false,
    ImageUrls: "",
    positions: "",
    imageIds: "",
    images: [image(1), image(2), image(3)],
    rates: [{ id: "r1", call_type: "incall", duration: "1hr", price: 300, description: "" }],
    specialRates: [],
    updatedAt: 0,
    ...over,
  };
}

const temp = (key: string, status: EditorPhoto["status"] = "ready"): EditorPhoto => ({
  key,
  kind: "temp",
  uploadId: status === "ready" ? `up-${key}` : undefined,
  url: `blob:${key}`,
  width: 600,
  height: 800,
  position: 0,
  status,
});

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const order = (s: EditorState) => s.photos.map((p) => `${p.key}@${p.position}`);

describe("the editor's starting state", () => {
  it("opens a new listing blank and in edit mode, an existing one filled and in view mode", () => {
    const fresh = initialEditorState("create", null);
    expect(fresh).toMatchObject({
      editing: true,
      page: 1,
      photos: [],
      errors: {},
      saving: false,
      toast: null,
      draft: { key: null, status: "checking" },
    });
    expect(fresh.values).toEqual(emptyListingValues());

    const existing = initialEditorState("edit", profile());
    expect(existing.editing).toBe(false);
    expect(existing.values).toEqual(valuesFromProfile(profile()));
    expect(order(existing)).toEqual(["img1@1", "img2@2", "img3@3"]);
    expect(existing.photos[0]).toMatchObject({ kind: "saved", imageId: "img1", status: "ready" });
  });
});

describe("wizard pages", () => {
  it("Next in edit mode stays on a failing page with its errors and asks for the first error's focus", () => {
    const s = run(initialEditorState("create", null), { type: "next" });
    expect(s.page).toBe(1);
    expect(s.errors).toMatchObject({
      firstName: LISTING_MSG.displayName,
      images: "A minimum of 3 photos is required.",
    });
    expect(s.focus).toMatchObject({ target: "error", scroll: false });
  });

  it("Next in edit mode advances when the page passes, and clears that page's old errors", () => {
    const start = {
      ...initialEditorState("edit", profile()),
      editing: true,
      errors: { firstName: "old", age: "kept" },
    };
    const s = run(start, { type: "next" });
    expect(s.page).toBe(2);
    expect(s.errors).toEqual({ age: "kept" });
    expect(s.focus).toMatchObject({ target: "heading", scroll: true });
  });

  it("Next outside edit mode always advances, never past page 3; Back never before page 1", () => {
    const viewing = { ...initialEditorState("create", null), editing: false };
    expect(run(viewing, { type: "next" }).page).toBe(2);
    const last = run(viewing, { type: "next" }, { type: "next" });
    expect(last.page).toBe(3);
    expect(run(last, { type: "next" })).toBe(last);
    expect(run(viewing, { type: "next" }, { type: "back" }).page).toBe(1);
    expect(run(viewing, { type: "back" })).toBe(viewing);
  });

  it("each page move asks for a new focus, even to the same target", () => {
    const viewing = { ...initialEditorState("create", null), editing: false };
    const a = run(viewing, { type: "next" });
    const b = run(a, { type: "back" });
    expect(b.focus!.seq).toBeGreaterThan(a.focus!.seq);
  });
});

describe("fields", () => {
  it("an edit sets the value and clears that field's error only", () => {
    const start = {
      ...initialEditorState("create", null),
      errors: { firstName: "Display Name is required.", age: "Age is required." },
    };
    const s = run(start, setField("firstName", "Mere"));
    expect(s.values.firstName).toBe("Mere");
    expect(s.errors).toEqual({ age: "Age is required." });
    expect(run(s, setField("services", ["GFE"])).values.services).toEqual(["GFE"]);
  });

  it("a new region clears the suburb and both errors; the same region keeps it", () => {
    const start = { ...initialEditorState("edit", profile()), errors: { location: "x", suburb: "y", age: "z" } };
    const moved = run(start, { type: "location", region: "Wellington" });
    expect(moved.values).toMatchObject({ location: "Wellington", suburb: "" });
    expect(moved.errors).toEqual({ age: "z" });
    expect(run(start, { type: "location", region: "Auckland" }).values.suburb).toBe("Ponsonby");
  });
});

describe("photos", () => {
  it("new photos join at the end, numbered on from the saved ones, and become ready when uploaded", () => {
    let s = run(
      initialEditorState("edit", profile()),
      { type: "edit" },
      { type: "photosAdded", photos: [temp("t1", "uploading")] },
    );
    expect(order(s)).toEqual(["img1@1", "img2@2", "img3@3", "t1@4"]);
    s = run(s, { type: "photoUploaded", key: "t1", uploadId: "u9", width: 900, height: 1200 });
    expect(s.photos[3]).toMatchObject({ status: "ready", uploadId: "u9", width: 900, height: 1200 });
  });

  it("moving renumbers from 1 in the new order; an unknown photo or a place out of range changes nothing", () => {
    const start = initialEditorState("edit", profile());
    expect(order(run(start, { type: "photoMoved", key: "img3", to: 0 }))).toEqual(["img3@1", "img1@2", "img2@3"]);
    expect(order(run(start, { type: "photoMoved", key: "img1", to: 1 }))).toEqual(["img2@1", "img1@2", "img3@3"]);
    expect(run(start, { type: "photoMoved", key: "nope", to: 0 })).toBe(start);
    expect(run(start, { type: "photoMoved", key: "img1", to: 3 })).toBe(start);
    expect(run(start, { type: "photoMoved", key: "img1", to: 0 })).toBe(start);
  });

  it("removing renumbers the rest", () => {
    expect(order(run(initialEditorState("edit", profile()), { type: "photoRemoved", key: "img2" }))).toEqual([
      "img1@1",
      "img3@2",
    ]);
  });

  it("the save sends saved photos by id and new ones by upload id, with the positions shown", () => {
    const s = run(
      initialEditorState("edit", profile()),
      { type: "photosAdded", photos: [temp("t1")] },
      { type: "photoMoved", key: "t1", to: 0 },
    );
    expect(photoPlan(s.photos)).toEqual({
      imagePositions: [
        { imageId: "img1", position: 2 },
        { imageId: "img2", position: 3 },
        { imageId: "img3", position: 4 },
      ],
      uploadIds: [{ uploadId: "up-t1", position: 1 }],
    });
    expect(photoKeys(s.photos)).toEqual(["t1", "img1", "img2", "img3"]);
  });
});

describe("fresh loader data", () => {
  it("outside edit mode replaces the form and photos", () => {
    const start = initialEditorState("edit", profile());
    const s = run(start, { type: "loaded", profile: profile({ firstName: "Hine", images: [image(2)] }) });
    expect(s.values.firstName).toBe("Hine");
    expect(order(s)).toEqual(["img2@2"]);
  });

  it("during an edit keeps the typing, the order and the new photos, dropping saved photos that are gone", () => {
    const start = run(
      initialEditorState("edit", profile()),
      { type: "edit" },
      setField("firstName", "Typed"),
      { type: "photosAdded", photos: [temp("t1")] },
      { type: "photoMoved", key: "img3", to: 0 },
    );
    const s = run(start, { type: "loaded", profile: profile({ images: [image(1), image(3)] }) });
    expect(s.values.firstName).toBe("Typed");
    expect(order(s)).toEqual(["img3@1", "img1@2", "t1@3"]);
    expect(s.base!.images).toHaveLength(2);
  });
});

describe("edit and cancel", () => {
  it("Cancel puts back the saved values and photos, clears errors and leaves edit mode", () => {
    const s = run(
      initialEditorState("edit", profile()),
      { type: "edit" },
      setField("tagLine", "changed"),
      { type: "photoMoved", key: "img3", to: 0 },
      { type: "next" },
      { type: "cancel" },
    );
    expect(s.editing).toBe(false);
    expect(s.values).toEqual(valuesFromProfile(profile()));
    expect(order(s)).toEqual(["img1@1", "img2@2", "img3@3"]);
    expect(s.errors).toEqual({});
  });
});

describe("the browser draft", () => {
  const offer = { savedAt: 1000, values: { ...emptyListingValues(), firstName: "Tui" }, photos: [] };

  it("is not written before storage was read for this listing, nor while an offer waits", () => {
    const start = initialEditorState("create", null);
    expect(draftWritable(start.draft, "k")).toBe(false);
    const offered = run(start, { type: "draftChecked", key: "k", offer });
    expect(offered.draft.status).toBe("offered");
    expect(draftWritable(offered.draft, "k")).toBe(false);
    const none = run(start, { type: "draftChecked", key: "k", offer: null });
    expect(none.draft).toEqual({ key: "k", status: "none", offer: null });
    expect(draftWritable(none.draft, "k")).toBe(true);
    // Another listing opened in the same editor is read afresh.
    expect(draftWritable(none.draft, "other")).toBe(false);
  });

  it("Restore brings the values back, clears errors and opens edit mode", () => {
    const start = { ...initialEditorState("edit", profile()), errors: { age: "x" } };
    const s = run(start, { type: "draftChecked", key: "k", offer }, { type: "draftRestored" });
    expect(s.values.firstName).toBe("Tui");
    expect(s.editing).toBe(true);
    expect(s.errors).toEqual({});
    expect(s.draft).toEqual({ key: "k", status: "restored", offer: null });
    expect(draftWritable(s.draft, "k")).toBe(true);
  });

  it("Discard keeps the form as it was; neither answer means anything without an offer", () => {
    const start = initialEditorState("edit", profile());
    const s = run(start, { type: "draftChecked", key: "k", offer }, { type: "draftDiscarded" });
    expect(s.values).toEqual(start.values);
    expect(s.editing).toBe(false);
    expect(s.draft).toEqual({ key: "k", status: "discarded", offer: null });
    const none = run(start, { type: "draftChecked", key: "k", offer: null });
    expect(run(none, { type: "draftRestored" })).toBe(none);
    expect(run(none, { type: "draftDiscarded" })).toBe(none);
  });
});

describe("a draft's photos", () => {
  const kept = { uploadId: "abcdefghij012345", width: 600, height: 800 };
  const offer = { savedAt: 1000, values: { ...emptyListingValues(), firstName: "Tui" }, photos: [kept] };

  it("come back with the draft, after the saved ones, served to their owner from the upload", () => {
    const start = initialEditorState("edit", profile());
    const s = run(start, { type: "draftChecked", key: "k", offer }, { type: "draftRestored" });
    expect(order(s)).toEqual(["img1@1", "img2@2", "img3@3", "draft-abcdefghij012345@4"]);
    expect(s.photos[3]).toMatchObject({ kind: "temp", uploadId: kept.uploadId, url: `/api/uploads/${kept.uploadId}` });
    // And they are the draft's share of the form when it is written again.
    expect(draftPhotosOf(s.photos)).toEqual([kept]);
  });

  it("leave the form when the server no longer keeps them; a fresh upload meanwhile stays", () => {
    const start = initialEditorState("create", null);
    let s = run(start, { type: "draftChecked", key: "k", offer }, { type: "draftRestored" });
    s = run(s, { type: "photosAdded", photos: [temp("t1")] });
    s = run(s, { type: "draftPhotosKept", asked: [kept.uploadId], kept: [] });
    expect(order(s)).toEqual(["t1@1"]);
  });

  it("an upload in flight is not part of the draft, and its progress shows until it is done", () => {
    let s = run(initialEditorState("create", null), { type: "photosAdded", photos: [temp("t1", "uploading")] });
    expect(draftPhotosOf(s.photos)).toEqual([]);
    s = run(s, { type: "photoProgress", key: "t1", percent: 40 });
    expect(s.photos[0].progress).toBe(40);
    expect(run(s, { type: "photoProgress", key: "t1", percent: 40 })).toBe(s);
    s = run(s, { type: "photoUploaded", key: "t1", uploadId: "u1", width: 10, height: 20 });
    expect(s.photos[0]).toMatchObject({ status: "ready", progress: undefined });
    expect(draftPhotosOf(s.photos)).toEqual([{ uploadId: "u1", width: 10, height: 20 }]);
  });
});

describe("'Save Draft' on an incomplete listing", () => {
  it("keeps the draft, lists the gaps and shows the first page that has one", () => {
    const start = { ...initialEditorState("create", null), page: 3 as const, saving: true };
    const gaps = [
      { page: 2 as const, field: "age", message: "Age is required" },
      { page: 3 as const, field: "rates", message: "x" },
    ];
    const s = run(start, { type: "draftKept", gaps });
    expect(s).toMatchObject({
      saving: false,
      page: 2,
      gaps,
      toast: null,
      errors: { age: "Age is required", rates: "x" },
    });
    // The next save attempt starts without the old list.
    expect(run(s, { type: "saveStarted" }).gaps).toBeNull();
  });
});

describe("saving", () => {
  it("a failed check shows the first failing page with its errors and a toast", () => {
    const start = { ...initialEditorState("create", null), page: 3 as const, saving: true };
    const s = run(start, {
      type: "saveFailed",
      message: LISTING_MSG.fixPage(1),
      fieldErrors: { firstName: "x" },
      page: 1,
    });
    expect(s).toMatchObject({
      page: 1,
      saving: false,
      errors: { firstName: "x" },
      toast: { message: LISTING_MSG.fixPage(1), tone: "error" },
    });
    expect(s.focus).toMatchObject({ target: "error", scroll: true });
  });

  it("a failure without field errors keeps the page and errors and only tells", () => {
    const start = { ...initialEditorState("create", null), page: 3 as const, saving: true, errors: { age: "kept" } };
    const s = run(start, { type: "saveFailed", message: EDITOR_MSG.saveFailed });
    expect(s).toMatchObject({
      page: 3,
      saving: false,
      errors: { age: "kept" },
      toast: { message: EDITOR_MSG.saveFailed, tone: "error" },
      focus: null,
    });
  });

  it("a saved listing becomes the new base, the form leaves edit mode and says so", () => {
    const start = run(initialEditorState("edit", profile()), { type: "edit" }, setField("firstName", "Hine"), {
      type: "saveStarted",
    });
    expect(start.saving).toBe(true);
    const after = profile({ firstName: "Hine", images: [image(3), image(1)] });
    const s = run(start, { type: "saved", profile: after });
    expect(s).toMatchObject({
      editing: false,
      saving: false,
      base: after,
      toast: { message: EDITOR_MSG.saved, tone: "ok" },
    });
    expect(s.values.firstName).toBe("Hine");
    expect(s.photos.map((p) => p.key)).toEqual(["img3", "img1"]);
  });

  it("each toast is a new one (its timer starts again), and closing removes it", () => {
    const a = run(initialEditorState("create", null), { type: "toast", message: EDITOR_MSG.waitForUploads });
    const b = run(a, { type: "toast", message: EDITOR_MSG.waitForUploads });
    expect(b.toast).toEqual({ message: EDITOR_MSG.waitForUploads, tone: "error" });
    expect(b.toast).not.toBe(a.toast);
    expect(run(b, { type: "toastClosed" }).toast).toBeNull();
  });
});

describe("the preview's highlight", () => {
  const base = { values: validValues(), photos: [temp("a"), temp("b")] };
  it("names the first changed field, else 'images' when only the photos changed, else nothing", () => {
    expect(previewChange(base, { ...base, values: validValues({ tagLine: "New tagline here" }) })).toBe("tagLine");
    expect(previewChange(base, { ...base, photos: [...base.photos].reverse() })).toBe("images");
    expect(previewChange(base, { values: validValues(), photos: [temp("a"), temp("b")] })).toBeNull();
  });
});
