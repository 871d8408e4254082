/** The editor uploads photos and draws its preview with JavaScript: say so when it is off. */
export function EditorNoScript() {
  return (
    <noscript>
      <div
        className="mx-auto mt-4 max-w-3xl rounded-lg border border-amber-500/60 bg-amber-950/60 px-4 py-3 text-amber-100"
        role="alert"
      >
        The listing editor needs JavaScript to upload photos, check each page and show the live preview. Please turn
        JavaScript on and reload this page.
      </div>
    </noscript>
  );
}
