import { InvalidInput } from '../common/errors/domain-errors';
import { sanitizeDocumentHtml } from './html-policy';
import { HtmlSanitizer, INLINE_SANITIZING_LIMIT } from './html-sanitizer';

// Large documents are sanitised by the worker pool (from the build: `npm test` builds first).
describe('HtmlSanitizer', () => {
  const sanitizer = new HtmlSanitizer();
  afterAll(() => sanitizer.onModuleDestroy());

  const large = (unit: string) =>
    unit.repeat(Math.ceil((INLINE_SANITIZING_LIMIT + 1) / unit.length));

  it.each([
    ['small, on the event loop', '<p id="x" onclick="a()">small <script>x</script></p>'],
    ['large, in a worker thread', large('<p id="x" onclick="a()">big <script>x</script></p>')],
  ])('%s: the policy applies', async (_label, html) => {
    const sanitized = await sanitizer.sanitize(html);
    expect(sanitized).toEqual((sanitizeDocumentHtml(html) as { html: string }).html);
    expect(sanitized).not.toMatch(/id=|onclick|script/);
  });

  it.each([
    ['small', '<b>'.repeat(129)],
    ['large', '<b>'.repeat(129) + large('<i></i>')],
  ])('%s and nested too deep: InvalidInput', async (_label, html) => {
    const refusal = sanitizer.sanitize(html);
    await expect(refusal).rejects.toBeInstanceOf(InvalidInput);
    await expect(refusal).rejects.toThrow('html must not nest elements more than 128 deep');
  });
});
