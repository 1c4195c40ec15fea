/**
 * The page's first script, inline at the top of the server's page (src/routes/__root.tsx). The app
 * arrives after the first paint; until it has taken the page over (`<html data-hydrated>`,
 * ui/page-hydrated.tsx) a form sent with Enter would be sent by the browser itself (the page
 * reloads and what was typed is gone) and a button pressed would do nothing. This holds both, in
 * order, in `window.$earlyInput`: a form the app sends (one without `action`; the browser does not
 * send it) and a button that is not its form's submit button (the form's submit is held instead).
 * The entry's holdEarlyInput (lib/early-input.ts) sends and presses them again once the app
 * listens; from then on this lets everything through.
 */
export const EARLY_INPUT_SCRIPT =
  '(function(w,d){var q=w.$earlyInput=[],r=d.documentElement;function h(e){var t=e.target,b;if("hydrated"in r.dataset)return;' +
  'if(e.type==="submit"){if(t.hasAttribute("action"))return;e.preventDefault();q.push(t)}' +
  'else{b=t instanceof Element?t.closest("button"):null;if(b&&!(b.type==="submit"&&b.form))q.push(b)}}' +
  'd.addEventListener("submit",h,true);d.addEventListener("click",h,true)})(window,document)';
