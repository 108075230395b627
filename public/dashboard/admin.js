// Administration: sites and tokens for admins; checkpoints of the site, with the QR code to print
// and the guard whose round each is, for admins and operators; the audit trail for admins. A new token's secret is shown once, with
// its sign-in link.
import { drawQR } from "../ui/qr-code.js";
import { h, announce, ID_PATTERN } from "../ui/dom.js";
import { assigneeText, roundText, watchCheckpoints } from "./checkpoints.js";
import { auditSection } from "./audit.js";

export function mountAdministration(root, { connection, feed, site, role, token }) {
  root.replaceChildren(h("h2", {}, "Administration"));
  if (role === "admin") root.append(sitesSection(connection), tokensSection(connection, token));
  if (site) root.append(checkpointsSection(connection, feed, site));
  if (role === "admin") root.append(auditSection(connection));
}

function field(label, input) {
  return h("label", {}, label, " ", input);
}

function failure(error) {
  return h("p", { class: "refusal", role: "alert" }, error.message);
}

function sitesSection(connection) {
  const list = h("ul", { class: "sites" });
  const id = h("input", { name: "id", required: true, pattern: ID_PATTERN, autocomplete: "off" });
  const name = h("input", { name: "name", maxlength: 100, autocomplete: "off" });
  const escalate = h("input", { name: "escalateAfter", placeholder: "2m", size: 5 });
  const quiet = h("input", { name: "quietAfter", placeholder: "1m", size: 5 });
  const outcome = h("div");
  const form = h("form", { class: "admin-form" }, field("Id", id), field("Name", name), field("Escalate after", escalate), field("Quiet after", quiet), h("button", {}, "Create site"), outcome);

  async function load() {
    const { sites } = await connection.api("GET", "/api/sites");
    list.replaceChildren(...sites.map((site) => h("li", {}, h("strong", {}, site.id), ` ${site.name} · escalates after ${site.escalateAfterMs / 1000} s · quiet after ${site.quietAfterMs / 1000} s`)));
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { id: id.value.trim() };
    if (name.value.trim()) body.name = name.value.trim();
    if (escalate.value.trim()) body.escalateAfter = escalate.value.trim();
    if (quiet.value.trim()) body.quietAfter = quiet.value.trim();
    try {
      await connection.api("POST", "/api/sites", body);
      form.reset();
      outcome.replaceChildren();
      announce(`Site ${body.id} created`);
      await load();
    } catch (error) {
      outcome.replaceChildren(failure(error));
    }
  });
  load().catch((error) => list.replaceChildren(failure(error)));
  return h("section", { class: "admin-sites", "aria-labelledby": "sites-title" }, h("h3", { id: "sites-title" }, "Sites"), list, form);
}

// The token this page is signed in with (`welcome.token`): revoking it ends this page's own
// connection, so the row says so and the button asks twice as plainly.
const isOwn = (token, signedIn) => token.id === signedIn && token.state === "active";

function tokensSection(connection, signedIn) {
  const table = h("tbody");
  const roleSelect = h("select", { name: "role" }, ["guard", "operator", "device", "reporter", "admin"].map((role) => h("option", {}, role)));
  const name = h("input", { name: "name", pattern: ID_PATTERN, autocomplete: "off" });
  const sites = h("input", { name: "sites", placeholder: "hq, depot or *", required: true, autocomplete: "off" });
  const expires = h("input", { name: "expiresIn", placeholder: "never", size: 6 });
  const outcome = h("div", { "aria-live": "polite" });
  const form = h("form", { class: "admin-form" }, field("Role", roleSelect), field("Name", name), field("Sites", sites), field("Expires in", expires), h("button", {}, "Create token"), outcome);

  async function load() {
    const { tokens } = await connection.api("GET", "/api/tokens");
    table.replaceChildren(...tokens.map((token) => h("tr", { class: `${token.state}${isOwn(token, signedIn) ? " own" : ""}` },
      h("td", {}, token.name, isOwn(token, signedIn) ? h("span", { class: "meta" }, " · you are signed in with this token") : null), h("td", {}, token.role), h("td", {}, token.allSites ? "all" : token.sites.join(", ")),
      h("td", {}, token.state, token.expiresAt && token.state === "active" ? ` until ${new Date(token.expiresAt).toLocaleString()}` : ""),
      h("td", {}, token.state === "active" ? h("button", { type: "button", onclick: () => revoke(token) }, isOwn(token, signedIn) ? "Revoke your own token…" : `Revoke ${token.name}`) : ""))));
  }
  async function revoke(token) {
    const question = isOwn(token, signedIn)
      ? "This is the token you are signed in with. Revoking it signs you out here and on every device that uses it, at once, and the page cannot sign in with it again. Revoke your own token?"
      : `Revoke ${token.name}'s token? Their connections end at once.`;
    if (!confirm(question)) return;
    try {
      await connection.api("POST", `/api/tokens/${token.id}/revoke`);
      announce(`${token.name}'s token revoked`);
      await load();
    } catch (error) {
      outcome.replaceChildren(failure(error));
    }
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const list = sites.value.split(",").map((site) => site.trim()).filter(Boolean);
    const body = { role: roleSelect.value, ...(list.includes("*") ? { allSites: true } : { sites: list }) };
    if (name.value.trim()) body.name = name.value.trim();
    if (expires.value.trim()) body.expiresIn = expires.value.trim();
    try {
      const { token, secret } = await connection.api("POST", "/api/tokens", body);
      const link = `${location.origin}/#token=${secret}`;
      outcome.replaceChildren(h("div", { class: "secret" },
        h("p", {}, `Token for ${token.name} (${token.role}). Its secret is shown only now: hand over the link or the secret.`),
        h("input", { readonly: true, value: link, "aria-label": "Sign-in link", size: 60, onfocus: (e) => e.target.select() }),
        h("input", { readonly: true, value: secret, "aria-label": "Secret", size: 50, onfocus: (e) => e.target.select() })));
      form.querySelectorAll("input:not([readonly])").forEach((input) => { input.value = ""; });
      await load();
    } catch (error) {
      outcome.replaceChildren(failure(error));
    }
  });
  load().catch((error) => table.replaceChildren(h("tr", {}, h("td", {}, failure(error)))));
  return h("section", { class: "admin-tokens", "aria-labelledby": "tokens-title" }, h("h3", { id: "tokens-title" }, "Tokens"),
    h("table", {}, h("thead", {}, h("tr", {}, ["Name", "Role", "Sites", "State", ""].map((title) => h("th", { scope: "col" }, title)))), table), form);
}

function checkpointsSection(connection, feed, site) {
  const list = h("ul", { class: "checkpoint-admin" });
  const card = h("div", { class: "qr-card", hidden: true });
  const name = h("input", { name: "name", required: true, maxlength: 100, autocomplete: "off" });
  const every = h("input", { name: "every", required: true, placeholder: "30m", size: 6 });
  const outcome = h("div");
  const form = h("form", { class: "admin-form" }, field("Name", name), field("Every", every), h("button", {}, "Create checkpoint"), outcome);
  let checkpoints = new Map();

  // The QR code is drawn in the page from the code's text (the encoder is loaded when first
  // needed); printing shows the card alone.
  async function showCode(checkpoint, code) {
    const canvas = h("canvas", { role: "img", "aria-label": `QR code of checkpoint ${checkpoint.name}` });
    await drawQR(canvas, code);
    card.hidden = false;
    card.replaceChildren(h("h4", {}, `${checkpoint.name} · ${site}`), canvas, h("p", { class: "code" }, code),
      h("button", { type: "button", onclick: () => window.print() }, "Print"),
      h("button", { type: "button", onclick: () => { card.hidden = true; } }, "Close"));
  }
  function draw() {
    list.replaceChildren(...[...checkpoints.values()].map((checkpoint) => h("li", {},
      h("strong", {}, checkpoint.name), ` every ${Math.round(checkpoint.everyMs / 60000)} min · ${roundText(checkpoint)} · ${assigneeText(checkpoint)} `,
      h("button", { type: "button", onclick: () => reprint(checkpoint) }, `QR code of ${checkpoint.name}`))));
    drawAssignChoices();
  }
  // Whose round a checkpoint is: a guard's name typed in (the hub refuses a name no guard of the
  // site has), or nobody when left empty.
  const chosen = h("select", { name: "checkpoint", required: true });
  const guardName = h("input", { name: "guard", placeholder: "nobody", pattern: ID_PATTERN, autocomplete: "off", size: 12 });
  const assignOutcome = h("div");
  const assignForm = h("form", { class: "admin-form assign-round" },
    field("Round of", chosen), field("Guard", guardName), h("button", {}, "Assign round"), assignOutcome);
  function drawAssignChoices() {
    const kept = chosen.value;
    chosen.replaceChildren(...[...checkpoints.values()].map((checkpoint) => h("option", { value: checkpoint.id }, checkpoint.name)));
    if (checkpoints.has(kept)) chosen.value = kept;
    assignForm.hidden = checkpoints.size === 0;
  }
  assignForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const guard = guardName.value.trim() || null;
    try {
      await connection.publish(`checkins/${site}`, "assign_checkpoint", { checkpoint: chosen.value, guard });
      guardName.value = "";
      assignOutcome.replaceChildren();
      announce(`${checkpoints.get(chosen.value)?.name ?? "The checkpoint"} is now ${guard ? `${guard}'s round` : "nobody's round in particular"}.`);
    } catch (error) {
      assignOutcome.replaceChildren(failure(error));
    }
  });
  async function reprint(checkpoint) {
    try {
      const { code } = await connection.api("GET", `/api/sites/${site}/checkpoints/${checkpoint.id}/code`);
      await showCode(checkpoint, code);
    } catch (error) {
      outcome.replaceChildren(failure(error));
    }
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const ok = await connection.publish(`checkins/${site}`, "create_checkpoint", { name: name.value.trim(), every: every.value.trim() });
      form.reset();
      outcome.replaceChildren();
      await showCode(ok.data.checkpoint, ok.code);
    } catch (error) {
      outcome.replaceChildren(failure(error));
    }
  });
  watchCheckpoints(feed, site, (current) => {
    checkpoints = current;
    draw();
  });
  return h("section", { class: "admin-checkpoints", "aria-labelledby": "checkpoints-title" }, h("h3", { id: "checkpoints-title" }, `Checkpoints of ${site}`), list, form, assignForm, card);
}
