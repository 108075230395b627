// Thumbnails travel by drag and drop: any picture made with `draggableThumbnail` (an alert's
// snapshot, a visit's, a camera's latest frame, a query result, a chat attachment) carries its hash
// and where it came from, and a drop target (the chat's message box) reads them back.
import { h, thumbnailURL } from "./dom.js";

/** The type of the drag data: `{thumbnail, source: {kind, id?, camera?, ts?}}` as JSON. */
export const THUMBNAIL_TYPE = "application/x-vigil-thumbnail";

/** An `<img>` of a stored thumbnail that can be dragged into the chat. */
export function draggableThumbnail(hash, source, attributes = {}) {
  return h("img", { ...attributes, src: thumbnailURL(hash), draggable: "true", dataset: { thumbnail: hash, source: JSON.stringify(source) } });
}

let installed = false;

/**
 * Puts a dragged thumbnail's data on the drag, once for the whole page; and a file dropped where
 * nothing takes it is refused rather than opened in place of the page (the browser's default).
 */
export function installThumbnailDrag() {
  if (installed) return;
  installed = true;
  // Drop targets handle their events first; what reaches the window unhandled is a stray drop.
  window.addEventListener("dragover", (event) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "none";
  });
  window.addEventListener("drop", (event) => { if (!event.defaultPrevented) event.preventDefault(); });
  document.addEventListener("dragstart", (event) => {
    const picture = event.target.closest?.("img[data-thumbnail]");
    if (!picture) return;
    event.dataTransfer.setData(THUMBNAIL_TYPE, JSON.stringify({ thumbnail: picture.dataset.thumbnail, source: JSON.parse(picture.dataset.source) }));
    event.dataTransfer.setData("text/plain", picture.alt);
    event.dataTransfer.effectAllowed = "copy";
  });
}

/** What was dropped: `{thumbnails: [{thumbnail, source}], files: [image files]}`. */
export function dropped(dataTransfer) {
  const data = dataTransfer.getData(THUMBNAIL_TYPE);
  let thumbnails = [];
  try { thumbnails = data ? [JSON.parse(data)] : []; } catch { thumbnails = []; }
  const files = [...dataTransfer.files].filter((file) => file.type.startsWith("image/"));
  return { thumbnails, files };
}
