// Issue 33's figure: a 20 MB JPEG uploaded to the running server makes its thumbnail within 2 s
// without holding up other requests (sharp works on libuv's pool, not the event loop), and the
// server's resident memory grows by less than 100 MiB. While the upload runs, /api/health is asked
// every 10 ms; its slowest answer says whether the event loop was blocked.
import sharp from 'sharp';

export type ThumbnailRun = { bytes: number; uploadMs: number; healthMaxMs: number; healthP50Ms: number; healthAnswers: number; rssGrowthMiB: number; hasThumbnail: boolean };

/** A JPEG of about `targetBytes`: noise compresses poorly, so a few thousand pixels a side do it. */
export async function makeLargeJpeg(targetBytes: number): Promise<Buffer> {
  let side = 3000;
  for (;;) {
    const noise = await sharp({ create: { width: side, height: side, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .jpeg({ quality: 95 })
      .toBuffer();
    if (noise.length >= targetBytes) return noise;
    side = Math.ceil(side * Math.sqrt(targetBytes / noise.length) * 1.05);
  }
}

export async function measureThumbnail(baseUrl: string, cookie: string, projectId: string, jpeg: Buffer, rssMiB: () => number): Promise<ThumbnailRun> {
  const rssBefore = rssMiB();
  let peak = rssBefore;
  const latencies: number[] = [];
  let uploading = true;
  const pinger = (async () => {
    while (uploading) {
      const started = performance.now();
      await fetch(`${baseUrl}/api/health`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - started);
      peak = Math.max(peak, rssMiB());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'large.jpg');
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/projects/${projectId}/files`, { method: 'POST', body: form, headers: { cookie, origin: baseUrl } });
  const uploadMs = performance.now() - started;
  const body = (await res.json()) as { hasThumbnail?: boolean; error?: unknown };
  uploading = false;
  await pinger;
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
  latencies.sort((a, b) => a - b);
  return {
    bytes: jpeg.length,
    uploadMs,
    healthMaxMs: latencies.at(-1) ?? 0,
    healthP50Ms: latencies[Math.floor(latencies.length / 2)] ?? 0,
    healthAnswers: latencies.length,
    rssGrowthMiB: peak - rssBefore,
    hasThumbnail: body.hasThumbnail === true,
  };
}
