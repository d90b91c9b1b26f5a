import { TextDecoder } from 'node:util';
import { SaxesParser } from 'saxes';

/**
 * Namespaces whose elements a browser renders as active content wherever they sit in an XML
 * document: an XHTML `script` below any root runs (security probe, issue 32), and so does SVG's.
 */
const ACTIVE_NAMESPACES = new Set([
  'http://www.w3.org/1999/xhtml',
  'http://www.w3.org/2000/svg',
  'http://www.w3.org/1998/Math/MathML',
]);

/**
 * Reads a whole `.xml` upload as it streams, with namespaces resolved the way a browser resolves
 * them (so no prefix, default namespace or character reference in the declaration hides one), and
 * finds what would make the browser run it: an element or attribute of an active namespace, or a
 * stylesheet processing instruction (XSLT turns the document into HTML). A document that is not
 * well-formed is refused too: past its first error a reader can no longer say what a browser sees.
 */
export class XmlActiveContentScanner {
  private readonly parser = new SaxesParser({ xmlns: true });
  private decoder: TextDecoder | undefined;
  private problem: string | undefined;

  constructor() {
    const refuse = (why: string) => {
      this.problem ??= why;
    };
    this.parser.on('error', (err) => {
      refuse(`malformed: ${err.message}`);
    });
    this.parser.on('processinginstruction', (pi) => {
      if (pi.target.toLowerCase() === 'xml-stylesheet') refuse('stylesheet');
    });
    this.parser.on('opentag', (tag) => {
      if (ACTIVE_NAMESPACES.has(tag.uri)) refuse(`element ${tag.name}`);
      for (const attribute of Object.values(tag.attributes))
        if (ACTIVE_NAMESPACES.has(attribute.uri)) refuse(`attribute ${attribute.name}`);
    });
  }

  /** Feeds the next bytes; answers why the file is refused as soon as that is known. */
  write(chunk: Uint8Array): string | undefined {
    if (this.problem) return this.problem;
    this.decoder ??= new TextDecoder(encodingOf(chunk));
    this.parser.write(this.decoder.decode(chunk, { stream: true }));
    return this.problem;
  }

  /** The end of the file: answers why it is refused, or undefined for plain XML. */
  end(): string | undefined {
    if (this.problem) return this.problem;
    if (this.decoder) this.parser.write(this.decoder.decode());
    this.parser.close();
    return this.problem;
  }
}

/** UTF-16 by its byte-order mark; anything else is read as UTF-8 (markup is ASCII either way). */
function encodingOf(first: Uint8Array): string {
  if (first[0] === 0xff && first[1] === 0xfe) return 'utf-16le';
  if (first[0] === 0xfe && first[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}
