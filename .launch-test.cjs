const chromium = require('@sparticuz/chromium').default ?? require('@sparticuz/chromium');
const puppeteer = require('puppeteer-core');
(async () => {
  const t0 = Date.now();
  const executablePath = await chromium.executablePath();
  console.log('path', executablePath, Date.now() - t0);
  const browser = await puppeteer.launch({ executablePath, args: chromium.args, headless: 'shell' });
  console.log('launched', Date.now() - t0, await browser.version());
  const page = await browser.newPage();
  await page.goto('data:text/html,<h1>hi</h1>');
  console.log(await page.evaluate(() => document.querySelector('h1').textContent), Date.now() - t0);
  await browser.close();
})().catch((e) => { console.error('ERR', e); process.exit(1) });
