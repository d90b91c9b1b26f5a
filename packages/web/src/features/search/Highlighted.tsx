import { matchParts } from '@talkbase/domain/search/matches';

/** A value with the search's words marked; rendered as text, never as HTML. */
export function Highlighted({ value, words }: { value: string; words: readonly string[] }) {
  return (
    <>
      {matchParts(value, words).map((part, i) =>
        part.match ? (
          <mark key={i} className="search-match">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
