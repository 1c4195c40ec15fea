/**
 * The page's first script, inline at the top of the server's page (src/routes/__root.tsx): the
 * entry script, which holds what a visitor does until the app has taken the page over
 * (lib/early-input.ts), arrives after the first paint. Until then a form sent with Enter would be
 * sent by the browser itself (the page reloads and what was typed is gone) and a button pressed
 * would do nothing. This holds both the same way, in `window.$earlyInput`, from the first paint
 * until holdEarlyInput takes the list over (and the name away); from then on it lets everything
 * through.
 */
export const EARLY_INPUT_SCRIPT =
  '(function(w,d){var q=w.$earlyInput=[];function h(e){var t=e.target,b;if(w.$earlyInput!==q)return;' +
  'if(e.type==="submit"){if(t.hasAttribute("action"))return;e.preventDefault();q.push(t)}' +
  'else{b=t instanceof Element?t.closest("button"):null;if(b&&!(b.type==="submit"&&b.form))q.push(b)}}' +
  'd.addEventListener("submit",h,true);d.addEventListener("click",h,true)})(window,document)';
