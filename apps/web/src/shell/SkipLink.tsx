/** The id of the panel's `<main>`, where the skip link goes. */
export const MAIN_ID = 'main-content';

/**
 * The first stop of the Tab key, shown when focused: past the header and the views, to the view's
 * content. It moves focus itself: a `#main-content` fragment would replace the view's address.
 */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      Skip to content
    </a>
  );
}
