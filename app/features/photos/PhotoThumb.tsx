// A photo's 480-wide variant where its number or name is written beside it, so the image is decorative.
import { photoVariantUrl } from "./variants";

export function PhotoThumb({
  url,
  ...img
}: {
  /** The photo's public URL. */
  url: string;
  width: number;
  height: number;
  loading?: "lazy";
  className: string;
}) {
  return <img src={photoVariantUrl(url, 480)} alt="" {...img} />;
}
