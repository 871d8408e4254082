// The files a provider picks, checked by their bytes before anything is sent (docs/editor.md 'Photos'): each
// refused one is named with its reason, the rest become temporary photos shown at once.
import type { EditorPhoto } from "../editor-state";
import { refusal } from "~/features/photos/upload-rules";
import type { Refusal } from "~/features/photos/upload-rules";
import { fileProblem, MAX_PHOTOS, orientedSize, sniffImage, SNIFF_BYTES } from "~/features/photos/rules";

/** A file taken for upload, with the temporary photo that stands for it until the upload answers. */
export type IntakeItem = { photo: EditorPhoto; file: File; known: boolean };

/** Splits the picked files into those refused (bad bytes, or no room left) and those taken. */
export async function takeFiles(
  files: File[],
  currentCount: number,
): Promise<{ refused: Refusal[]; items: IntakeItem[] }> {
  const refused: Refusal[] = [];
  const accepted: { file: File; width: number; height: number; known: boolean }[] = [];
  for (const file of files) {
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    const problem = fileProblem(file.size, head);
    if (problem) {
      refused.push(refusal(file.name, problem, file.size));
      continue;
    }
    const s = sniffImage(head)!;
    const known = Boolean(s.width && s.height);
    const shown = known ? orientedSize(s.width!, s.height!, s.orientation) : { width: 600, height: 800 };
    accepted.push({ file, ...shown, known });
  }
  const room = Math.max(MAX_PHOTOS - currentCount, 0);
  for (const { file } of accepted.slice(room)) refused.push(refusal(file.name, "tooMany"));
  const items = accepted.slice(0, room).map(({ file, width, height, known }) => ({
    photo: {
      key: `tmp-${crypto.randomUUID()}`,
      kind: "temp",
      url: URL.createObjectURL(file),
      width,
      height,
      position: 0,
      status: "uploading",
      progress: 0,
    } satisfies EditorPhoto,
    file,
    known,
  }));
  return { refused, items };
}
