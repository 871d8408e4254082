// The listing editor (provider spec §2, §4, §5): a three-page wizard with a live preview drawn by the
// public profile's own components. /profile/new starts in edit mode with a blank form; an existing
// listing opens in view mode until 'Edit Profile'. Saving sends the spec's multipart body to the JSON API.
import { Link, useNavigate, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import {
  BODY_TYPES,
  FAVOURITE_THINGS,
  INTERESTS,
  NATIONALITIES,
  PLACES_OF_SERVICE,
  SERVICES,
} from "~/lib/listing-options";
import { listingFormData } from "~/lib/listing-body";
import { changedField, previewProfile, valuesFromProfile } from "~/lib/listing-form";
import { renumber, saveButtonLabel } from "~/lib/listing-rules";
import { EDITOR_PAGE_TITLES } from "~/lib/editor-pages";
import {
  emptyListingValues,
  LIMITS,
  NUMBER_BOUNDS,
  pageOf,
  validateListing,
  validatePage,
  type FieldErrors,
  type ListingValues,
  type Page,
} from "~/lib/listing-schema";
import type { Profile } from "~/lib/profile";
import { REGIONS } from "~/lib/regions";
import { Logo } from "../Logo";
import { ProfileView } from "../profile/ProfileView";
import type { HighlightField } from "../profile/ProfileSections";
import { BUTTON, MultiSelect, PRIMARY, SelectField, TextAreaField, TextField } from "./fields";
import { ArrowLeftIcon } from "../icons";
import { PhotoManager, usePhotoUploads, type PhotoItem } from "./PhotoManager";
import { RateList, SpecialRatesEditor } from "./RatesEditor";
import { SuburbPicker } from "./SuburbPicker";
import { BadgeWarning } from "./BadgeWarning";
import { DraftOffer } from "./DraftOffer";
import { useListingDraft } from "./useListingDraft";

export const PREVIEW_DEBOUNCE_MS = 500;
export const HIGHLIGHT_MS = 2000;
export const EDITOR_MSG = {
  waitForUploads: "Please wait for your photos to finish uploading.",
  saveFailed: "Profile update failed",
  saved: "Your changes were saved.",
  deleteFailed: "Failed to delete image",
} as const;

type Toast = { message: string; tone: "error" | "ok" } | null;

const savedPhotos = (profile: Profile | null): PhotoItem[] =>
  (profile?.images ?? []).map((img) => ({
    key: img.imageId,
    kind: "saved",
    imageId: img.imageId,
    url: img.url,
    width: img.width,
    height: img.height,
    position: img.position,
    status: "ready",
  }));

const highlightFor = (field: keyof ListingValues): HighlightField =>
  field === "rates" || field === "specialRates" ? "rates" : (field as HighlightField);

const photoSignature = (photos: PhotoItem[]) => photos.map((p) => `${p.key}:${p.position}`).join(",");

export function ListingEditor({
  mode,
  profile,
  userId,
}: {
  mode: "create" | "edit";
  profile: Profile | null;
  userId: string;
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [base, setBase] = useState<Profile | null>(profile);
  const [editing, setEditing] = useState(mode === "create");
  const [page, setPage] = useState<Page>(1);
  const [values, setValues] = useState<ListingValues>(() =>
    profile ? valuesFromProfile(profile) : emptyListingValues(),
  );
  const [photos, setPhotosState] = useState<PhotoItem[]>(() => savedPhotos(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [toast, setToast] = useState<Toast>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const editingRef = useRef(editing);
  editingRef.current = editing;

  const setPhotos = useCallback(
    (update: (photos: PhotoItem[]) => PhotoItem[]) => setPhotosState((list) => update(list)),
    [],
  );
  const showToast = useCallback((message: string, tone: "error" | "ok" = "error") => setToast({ message, tone }), []);
  const expired = useCallback(() => window.location.assign("/login?sessionExpired=true"), []);
  const uploads = usePhotoUploads(setPhotos, showToast, expired);
  const savedValues = useMemo(() => (base ? valuesFromProfile(base) : emptyListingValues()), [base]);
  const stored = useListingDraft({
    userId,
    modelId: mode === "edit" ? (base?.modelId ?? null) : null,
    values,
    saved: savedValues,
    editing,
  });
  // Saved photos by id, new ones by their own key: what the badge warning compares with the saved set.
  const photoKeys = useMemo(() => photos.map((p) => (p.kind === "saved" ? p.imageId! : p.key)), [photos]);

  // Fresh loader data (after a save or a failed photo delete): saved photos follow it; an edit in
  // progress keeps its own values, order and temporary photos.
  useEffect(() => {
    if (!profile) return;
    setBase(profile);
    const saved = savedPhotos(profile);
    if (!editingRef.current) {
      setValues(valuesFromProfile(profile));
      setPhotosState(saved);
      return;
    }
    const still = new Set(saved.map((p) => p.imageId));
    setPhotosState((list) => renumber(list.filter((p) => p.kind === "temp" || still.has(p.imageId))));
  }, [profile]);

  useEffect(() => {
    if (!toast) return;
    const t = window.setTimeout(() => setToast(null), 6000);
    return () => window.clearTimeout(t);
  }, [toast]);

  // The preview follows the form 500 ms after the last change and rings the changed field for 2 s.
  const [draft, setDraft] = useState({ values, photos });
  const draftRef = useRef(draft);
  const [highlight, setHighlight] = useState<{ field: HighlightField; at: number }>({ field: null, at: 0 });
  useEffect(() => {
    const t = window.setTimeout(() => {
      const previous = draftRef.current;
      const field = changedField(previous.values, values);
      const photosChanged = photoSignature(previous.photos) !== photoSignature(photos);
      const next = { values, photos };
      draftRef.current = next;
      setDraft(next);
      const changed = field ? highlightFor(field) : photosChanged ? "images" : null;
      if (changed) setHighlight({ field: changed, at: Date.now() });
    }, PREVIEW_DEBOUNCE_MS);
    return () => window.clearTimeout(t);
  }, [values, photos]);
  useEffect(() => {
    if (!highlight.field) return;
    const t = window.setTimeout(() => setHighlight({ field: null, at: 0 }), HIGHLIGHT_MS);
    return () => window.clearTimeout(t);
  }, [highlight]);

  const flags = {
    verified: base?.verified ?? false,
    live: base?.live ?? false,
    photoVerified: base?.photoVerified ?? false,
  };
  const preview = useMemo(
    () =>
      previewProfile(
        draft.values,
        draft.photos.map((p) => ({
          imageId: p.key,
          url: p.url,
          position: p.position,
          width: p.width,
          height: p.height,
        })),
        { modelId: base?.modelId ?? "preview", ...flags },
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [draft, base],
  );

  const set = <K extends keyof ListingValues>(key: K, value: ListingValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
  };

  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-first-error]')?.focus(),
    );

  const goToPage = (next: Page) => {
    setPage(next);
    requestAnimationFrame(() => {
      formRef.current?.scrollIntoView({ block: "start" });
      headingRef.current?.focus();
    });
  };

  const onNext = () => {
    if (editing) {
      const pageErrors = validatePage(page, values, photos.length);
      setErrors((e) => ({
        ...Object.fromEntries(Object.entries(e).filter(([k]) => pageOf(k) !== page)),
        ...pageErrors,
      }));
      if (Object.keys(pageErrors).length) {
        focusFirstError();
        return;
      }
    }
    if (page < 3) goToPage((page + 1) as Page);
  };

  const resetFrom = (saved: Profile | null) => {
    for (const p of photos) if (p.kind === "temp") uploads.forget(p);
    setValues(saved ? valuesFromProfile(saved) : emptyListingValues());
    setPhotosState(savedPhotos(saved));
    setErrors({});
  };

  const onCancel = () => {
    stored.clear({ final: mode === "create" });
    if (mode === "create") {
      navigate("/dashboard");
      return;
    }
    resetFrom(base);
    setEditing(false);
  };

  const onSave = async () => {
    if (uploads.uploading || photos.some((p) => p.status === "uploading")) {
      showToast(EDITOR_MSG.waitForUploads);
      return;
    }
    const check = validateListing(values, photos.length);
    if (!check.ok) {
      setErrors(check.fieldErrors);
      goToPage(check.page);
      showToast(check.error);
      focusFirstError();
      return;
    }
    setSaving(true);
    const body = listingFormData(values, {
      modelId: mode === "edit" ? base?.modelId : undefined,
      imagePositions: photos
        .filter((p) => p.kind === "saved")
        .map((p) => ({ imageId: p.imageId!, position: p.position })),
      uploadIds: photos.filter((p) => p.kind === "temp").map((p) => ({ uploadId: p.uploadId!, position: p.position })),
    });
    let res: Response;
    try {
      res = await fetch(mode === "create" ? "/api/profiles" : "/api/profile", {
        method: mode === "create" ? "POST" : "PUT",
        body,
        credentials: "same-origin",
      });
    } catch {
      setSaving(false);
      showToast(EDITOR_MSG.saveFailed);
      return;
    }
    if (res.status === 401) return expired();
    const json = (await res.json().catch(() => ({}))) as Partial<Profile> & {
      error?: string;
      message?: string;
      fieldErrors?: FieldErrors;
      page?: Page;
    };
    if (!res.ok) {
      setSaving(false);
      if (json.fieldErrors && Object.keys(json.fieldErrors).length) {
        setErrors(json.fieldErrors);
        if (json.page) goToPage(json.page);
        focusFirstError();
      }
      showToast(json.message ?? json.error ?? EDITOR_MSG.saveFailed);
      return;
    }
    try {
      localStorage.setItem("profileUpdated", String(Date.now()));
    } catch {
      // Storage may be off; nothing depends on the marker.
    }
    stored.clear({ final: mode === "create" });
    if (mode === "create") {
      navigate("/dashboard");
      return;
    }
    const saved = json as Profile;
    setBase(saved);
    resetFrom(saved);
    setEditing(false);
    setSaving(false);
    showToast(EDITOR_MSG.saved, "ok");
    revalidator.revalidate();
  };

  const onDeletePhoto = async (item: PhotoItem) => {
    if (item.kind === "temp") {
      uploads.forget(item);
      setPhotos((list) => renumber(list.filter((p) => p.key !== item.key)));
      return;
    }
    setDeleting(item.key);
    try {
      const res = await fetch(`/api/profile/images/${encodeURIComponent(item.imageId!)}`, {
        method: "DELETE",
        credentials: "same-origin",
      });
      if (res.status === 401) return expired();
      if (!res.ok) {
        const json = (await res.json().catch(() => ({}))) as { error?: string };
        showToast(json.error ?? EDITOR_MSG.deleteFailed);
        revalidator.revalidate();
        return;
      }
      setPhotos((list) => renumber(list.filter((p) => p.key !== item.key)));
      revalidator.revalidate();
    } catch {
      showToast(EDITOR_MSG.deleteFailed);
      revalidator.revalidate();
    } finally {
      setDeleting(null);
    }
  };

  const e = errors;
  const label = saveButtonLabel(flags.verified, flags.live);
  const title = mode === "create" ? "New Listing" : `Edit Listing${base?.firstName ? `: ${base.firstName}` : ""}`;

  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-30 border-b border-line bg-ink/95 backdrop-blur">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-3 py-2 sm:flex-nowrap sm:px-6">
          <Link
            to="/dashboard"
            aria-label="Back to dashboard"
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg hover:text-accent"
            data-testid="editor-back"
          >
            <ArrowLeftIcon className="h-5 w-5" />
          </Link>
          <Link to="/" className="inline-flex min-h-11 items-center whitespace-nowrap">
            <Logo />
          </Link>
          {/* On a phone the actions take their own row rather than squeezing the logo. */}
          <div className="flex w-full justify-end gap-2 sm:ml-auto sm:w-auto">
            {editing ? (
              <>
                <button type="button" onClick={onCancel} className={BUTTON} disabled={saving}>
                  Cancel
                </button>
                <button
                  type="button"
                  onClick={onSave}
                  className={PRIMARY}
                  disabled={saving}
                  aria-busy={saving || undefined}
                  data-testid="editor-save"
                >
                  {saving ? "Saving…" : label}
                </button>
              </>
            ) : (
              <button type="button" onClick={() => setEditing(true)} className={PRIMARY} data-testid="editor-edit">
                Edit Profile
              </button>
            )}
          </div>
        </div>
      </header>

      <div className="mx-auto grid max-w-7xl gap-6 px-3 py-5 sm:px-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div ref={formRef} className="min-w-0 scroll-mt-20 space-y-5">
          <div className="space-y-3">
            <h1 className="text-2xl font-bold">{title}</h1>
            {!editing ? (
              <p className="text-sm text-muted">You are viewing this listing. Choose Edit Profile to change it.</p>
            ) : null}
            <ol className="grid grid-cols-3 gap-2" aria-label="Editor progress" data-testid="editor-progress">
              {([1, 2, 3] as Page[]).map((n) => (
                <li key={n} aria-current={page === n ? "step" : undefined} className="space-y-1">
                  <span
                    className={`block h-1.5 rounded-full ${n <= page ? "bg-accent" : "bg-line"}`}
                    aria-hidden="true"
                  />
                  <span className={`block text-xs ${n === page ? "font-semibold text-white" : "text-muted"}`}>
                    {n}. {EDITOR_PAGE_TITLES[n]}
                  </span>
                </li>
              ))}
            </ol>
          </div>

          {editing ? <BadgeWarning base={base} values={values} photoKeys={photoKeys} /> : null}

          {stored.offer ? (
            <DraftOffer
              savedAt={stored.offer.savedAt}
              onRestore={() => {
                const restored = stored.restore();
                if (!restored) return;
                setValues(restored);
                setErrors({});
                setEditing(true);
              }}
              onDiscard={stored.discard}
            />
          ) : null}

          <form
            noValidate
            onSubmit={(ev) => {
              ev.preventDefault();
              if (page < 3) onNext();
              else if (editing) void onSave();
            }}
            className="space-y-6 rounded-2xl border border-line bg-panel p-4 sm:p-6"
            aria-labelledby="editor-page-heading"
          >
            <h2
              id="editor-page-heading"
              ref={headingRef}
              tabIndex={-1}
              className="text-xl font-semibold focus:outline-none"
            >
              {`Page ${page} of 3: ${EDITOR_PAGE_TITLES[page]}`}
            </h2>
            {page === 1 ? (
              <PhotoManager
                photos={photos}
                setPhotos={setPhotos}
                editing={editing}
                error={e.images}
                onAddFiles={(files) => {
                  setErrors(({ images: _i, ...rest }) => rest);
                  void uploads.addFiles(files, photos);
                }}
                onDelete={onDeletePhoto}
                deleting={deleting}
              />
            ) : null}
            <fieldset disabled={!editing} className="space-y-5 disabled:opacity-90">
              <legend className="sr-only">{EDITOR_PAGE_TITLES[page]}</legend>
              {page === 1 ? (
                <>
                  <TextField
                    name="firstName"
                    label="Display Name"
                    required
                    value={values.firstName}
                    onChange={(v) => set("firstName", v)}
                    error={e.firstName}
                    maxLength={LIMITS.firstName}
                    autoComplete="nickname"
                  />
                  <div className="grid gap-4 sm:grid-cols-2">
                    <SelectField
                      name="location"
                      label="Service Location"
                      required
                      options={REGIONS}
                      value={values.location}
                      onChange={(region) => {
                        // A new region clears the suburb: suburbs belong to one region.
                        setValues((v) => ({ ...v, location: region, suburb: region === v.location ? v.suburb : "" }));
                        setErrors(({ location: _l, suburb: _s, ...rest }) => rest);
                      }}
                      error={e.location}
                    />
                    <SuburbPicker
                      region={values.location}
                      value={values.suburb}
                      onChange={(s) => set("suburb", s)}
                      error={e.suburb}
                      disabled={!editing}
                    />
                  </div>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <TextField
                      name="contactPhone"
                      label="Contact phone"
                      type="tel"
                      inputMode="tel"
                      autoComplete="tel"
                      required
                      value={values.contactPhone}
                      onChange={(v) => set("contactPhone", v)}
                      error={e.contactPhone}
                      maxLength={20}
                      hint="Clients text this number. 7 to 13 digits."
                    />
                    <SelectField
                      name="calls"
                      label="Place of service"
                      required
                      options={PLACES_OF_SERVICE}
                      value={values.calls}
                      onChange={(v) => set("calls", v)}
                      error={e.calls}
                    />
                  </div>
                  <TextAreaField
                    name="tagLine"
                    label="Tagline"
                    required
                    rows={2}
                    min={LIMITS.tagLineMin}
                    max={LIMITS.tagLine}
                    value={values.tagLine}
                    onChange={(v) => set("tagLine", v)}
                    error={e.tagLine}
                  />
                  <TextAreaField
                    name="description"
                    label="Bio"
                    required
                    rows={6}
                    min={LIMITS.descriptionMin}
                    max={LIMITS.description}
                    value={values.description}
                    onChange={(v) => set("description", v)}
                    error={e.description}
                  />
                </>
              ) : null}
              {page === 2 ? (
                <>
                  <div className="grid gap-4 sm:grid-cols-3">
                    <TextField
                      name="age"
                      label="Age"
                      type="number"
                      inputMode="numeric"
                      min={18}
                      max={99}
                      required
                      value={values.age}
                      onChange={(v) => set("age", v)}
                      error={e.age}
                    />
                    <SelectField
                      name="nationality"
                      label="Nationality"
                      options={NATIONALITIES}
                      value={values.nationality}
                      onChange={(v) => set("nationality", v)}
                      error={e.nationality}
                    />
                    <SelectField
                      name="bodyType"
                      label="Body type"
                      options={BODY_TYPES}
                      value={values.bodyType}
                      onChange={(v) => set("bodyType", v)}
                      error={e.bodyType}
                    />
                    <TextField
                      name="height"
                      label="Height (cm)"
                      type="number"
                      inputMode="numeric"
                      min={NUMBER_BOUNDS.height.min}
                      max={NUMBER_BOUNDS.height.max}
                      value={values.height}
                      onChange={(v) => set("height", v)}
                      error={e.height}
                    />
                    <TextField
                      name="weight"
                      label="Weight (kg)"
                      type="number"
                      inputMode="numeric"
                      min={NUMBER_BOUNDS.weight.min}
                      max={NUMBER_BOUNDS.weight.max}
                      value={values.weight}
                      onChange={(v) => set("weight", v)}
                      error={e.weight}
                    />
                    <TextField
                      name="dressSize"
                      label="Dress size"
                      type="number"
                      inputMode="numeric"
                      min={NUMBER_BOUNDS.dressSize.min}
                      max={NUMBER_BOUNDS.dressSize.max}
                      value={values.dressSize}
                      onChange={(v) => set("dressSize", v)}
                      error={e.dressSize}
                    />
                    <TextField
                      name="bust"
                      label="Bust"
                      value={values.bust}
                      onChange={(v) => set("bust", v)}
                      error={e.bust}
                      maxLength={LIMITS.bust}
                    />
                    <TextField
                      name="eyeColour"
                      label="Eye colour"
                      value={values.eyeColour}
                      onChange={(v) => set("eyeColour", v)}
                      error={e.eyeColour}
                      maxLength={LIMITS.colour}
                    />
                    <TextField
                      name="hairColour"
                      label="Hair colour"
                      value={values.hairColour}
                      onChange={(v) => set("hairColour", v)}
                      error={e.hairColour}
                      maxLength={LIMITS.colour}
                    />
                  </div>
                  <MultiSelect
                    name="services"
                    label="Services"
                    options={SERVICES}
                    value={values.services}
                    onChange={(v) => set("services", v)}
                    error={e.services}
                  />
                  <MultiSelect
                    name="interests"
                    label="Interests"
                    options={INTERESTS}
                    value={values.interests}
                    onChange={(v) => set("interests", v)}
                    error={e.interests}
                  />
                  <MultiSelect
                    name="favorites"
                    label="Favourite things"
                    options={FAVOURITE_THINGS}
                    value={values.favorites}
                    onChange={(v) => set("favorites", v)}
                    error={e.favorites}
                  />
                  <fieldset className="space-y-3">
                    <legend className="text-sm font-medium">Social links</legend>
                    <div className="grid gap-4 sm:grid-cols-2">
                      <TextField
                        name="instagram"
                        label="Instagram"
                        value={values.instagram}
                        onChange={(v) => set("instagram", v)}
                        error={e.instagram}
                        maxLength={LIMITS.social}
                        placeholder="@handle or link"
                      />
                      <TextField
                        name="twitter"
                        label="Twitter"
                        value={values.twitter}
                        onChange={(v) => set("twitter", v)}
                        error={e.twitter}
                        maxLength={LIMITS.social}
                        placeholder="@handle or link"
                      />
                      <TextField
                        name="onlyFans"
                        label="OnlyFans"
                        value={values.onlyFans}
                        onChange={(v) => set("onlyFans", v)}
                        error={e.onlyFans}
                        maxLength={LIMITS.social}
                        placeholder="handle or link"
                      />
                      <TextField
                        name="website"
                        label="Website"
                        type="url"
                        inputMode="url"
                        value={values.website}
                        onChange={(v) => set("website", v)}
                        error={e.website}
                        maxLength={LIMITS.social}
                        placeholder="https://"
                      />
                    </div>
                  </fieldset>
                </>
              ) : null}
              {page === 3 ? (
                <>
                  {e.rates ? (
                    <p
                      className="rounded-lg border border-red-500/60 bg-red-950/60 px-3 py-2 text-sm text-red-100"
                      id="field-rates-error"
                      data-testid="error-rates"
                      tabIndex={-1}
                      data-first-error
                    >
                      {e.rates}
                    </p>
                  ) : null}
                  <div className="grid gap-6">
                    <RateList
                      callType="incall"
                      rates={values.rates}
                      onChange={(r) => set("rates", r)}
                      errors={e}
                      editing={editing}
                    />
                    <RateList
                      callType="outcall"
                      rates={values.rates}
                      onChange={(r) => set("rates", r)}
                      errors={e}
                      editing={editing}
                    />
                  </div>
                  <SpecialRatesEditor
                    rows={values.specialRates}
                    onChange={(r) => set("specialRates", r)}
                    errors={e}
                    editing={editing}
                  />
                  <TextAreaField
                    name="availability"
                    label="Availability"
                    rows={3}
                    max={LIMITS.availability}
                    value={values.availability}
                    onChange={(v) => set("availability", v)}
                    error={e.availability}
                  />
                </>
              ) : null}
            </fieldset>
            <div className="flex items-center justify-between gap-3 border-t border-line pt-4">
              <button
                type="button"
                onClick={() => goToPage((page - 1) as Page)}
                disabled={page === 1}
                className={BUTTON}
              >
                Back
              </button>
              {page < 3 ? (
                <button type="submit" className={PRIMARY} data-testid="editor-next">
                  Next
                </button>
              ) : editing ? (
                <button type="submit" className={PRIMARY} disabled={saving}>
                  {saving ? "Saving…" : label}
                </button>
              ) : null}
            </div>
          </form>
        </div>

        <aside className="hidden min-w-0 lg:block" aria-label="Live preview" data-testid="editor-preview">
          <div className="sticky top-20 max-h-[calc(100dvh-6rem)] space-y-2 overflow-y-auto rounded-2xl border border-line bg-ink p-4">
            <p className="text-xs uppercase tracking-wide text-muted">
              Live preview: how visitors will see your listing
            </p>
            <ProfileView profile={preview} highlight={highlight.field} preview />
          </div>
        </aside>
      </div>
      {toast ? <EditorToast toast={toast} onClose={() => setToast(null)} /> : null}
    </div>
  );
}

function EditorToast({ toast, onClose }: { toast: NonNullable<Toast>; onClose: () => void }): ReactNode {
  const colours =
    toast.tone === "error"
      ? "border-red-500/70 bg-red-950 text-red-50"
      : "border-emerald-500/70 bg-emerald-950 text-emerald-50";
  return (
    <div
      className={`fixed inset-x-3 bottom-4 z-40 mx-auto flex max-w-lg items-center gap-3 rounded-xl border py-1 pl-4 pr-1 shadow-2xl sm:inset-x-auto sm:left-1/2 sm:w-[32rem] sm:-translate-x-1/2 ${colours}`}
      role={toast.tone === "error" ? "alert" : "status"}
      data-testid="editor-toast"
    >
      <p className="flex-1 py-2">{toast.message}</p>
      <button
        type="button"
        onClick={onClose}
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg hover:text-accent"
        aria-label="Dismiss message"
      >
        ×
      </button>
    </div>
  );
}
