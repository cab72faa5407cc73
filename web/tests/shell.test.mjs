// The app shell: it starts, draws its first window, and reports itself through window.kpg.
export default [
  {
    name: 'the app starts, shows its window and draws a non-blank canvas',
    async run(t) {
      await t.openApp();
      const state = await t.state();
      t.check(state.product === 'Kernel Playground', `product name in state: ${state.product}`);
      t.check(/^\d+\.\d+\.\d+\+/.test(state.version), `version string: ${state.version}`);
      // Give it a few frames, then look at the pixels: a blank canvas has one colour.
      await t.waitFrames(5);
      const stats = await t.canvasStatistics();
      t.check(stats.width === 1280 && stats.height === 800, `canvas size ${stats.width}×${stats.height}`);
      t.check(stats.colours > 20, `canvas looks blank: ${stats.colours} colours`);
      t.check(stats.dominantShare < 0.98, `canvas is one colour at ${stats.dominantShare}`);
      await t.screenshot('shell');
      // index.html's WebGL2 check creates the app's context (platform_web.cpp receives it): it
      // must have the attributes the app asks for (a canvas has one WebGL2 context).
      const a = await t.page.evaluate(() => {
        const gl = document.getElementById('canvas').getContext('webgl2');
        return (gl && gl.getContextAttributes()) || {};
      });
      t.check(a.alpha === false && a.antialias === false && a.preserveDrawingBuffer === true &&
              a.depth === true && a.stencil === false && a.premultipliedAlpha === true,
              `context attributes as platform_web.cpp asks: ${JSON.stringify(a)}`);
    },
  },
  {
    name: 'on a high-DPI screen the canvas has device pixels (sharp) and fills the window',
    context: { viewport: { width: 1024, height: 768 }, deviceScaleFactor: 2 },
    async run(t) {
      await t.openApp();
      await t.page.waitForFunction(() => document.getElementById('canvas').width === 2048);
      const size = await t.page.evaluate(() => [document.getElementById('canvas').width, document.getElementById('canvas').height]);
      t.check(size[0] === 2048 && size[1] === 1536, `canvas ${size} at 1024×768 CSS px, ratio 2`);
      await t.screenshot('shell-hidpi');
    },
  },
  {
    name: 'the canvas follows a window resize',
    async run(t) {
      await t.page.setViewportSize({ width: 1024, height: 768 });
      await t.openApp();
      await t.page.setViewportSize({ width: 900, height: 700 });
      await t.page.waitForFunction(() => document.getElementById('canvas').width === 900);
      const size = await t.page.evaluate(() => [document.getElementById('canvas').width, document.getElementById('canvas').height]);
      t.check(size[0] === 900 && size[1] === 700, `canvas ${size} after resize to 900×700`);
    },
  },
  {
    name: 'without WebGL2 the page explains instead of staying blank',
    async run(t) {
      await t.page.addInitScript(() => {
        const original = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
          return type === 'webgl2' ? null : original.call(this, type, ...rest);
        };
      });
      await t.page.goto(t.baseUrl);
      await t.page.waitForFunction(() => window.kpg && window.kpg.error);
      const visible = await t.page.isVisible('#error');
      const text = await t.page.textContent('#error-message');
      t.check(visible && /WebGL2/.test(text), `error overlay: visible=${visible}, text=${text}`);
    },
  },
];
