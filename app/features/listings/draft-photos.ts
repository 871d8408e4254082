// The browser's side of PUT /api/uploads/draft: tells the server which unsaved photos a draft holds, so they
// are kept as long as the draft (docs/decisions/0025-drafts-kept-with-their-photos.md). An empty list lets
// go of them all.

/** The upload ids the server still keeps for this draft, or null when it could not be asked. */
export async function keepDraftPhotos(listingId: string | null, uploadIds: string[]): Promise<string[] | null> {
  try {
    const res = await fetch("/api/uploads/draft", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ listingId, uploadIds }),
      credentials: "same-origin",
    });
    if (!res.ok) return null;
    const json = (await res.json()) as { kept?: { uploadId: string }[] };
    return (json.kept ?? []).map((k) => k.uploadId);
  } catch {
    // Offline: the photos keep their hour, and the next change of the draft asks again.
    return null;
  }
}
