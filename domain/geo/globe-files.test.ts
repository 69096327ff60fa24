// The globe's warm-up list as the build makes it: which of Cesium's files it keeps, the chunk closure
// it takes from the bundle, and the schema the browser reads the list through.
import { describe, expect, it } from 'vitest';
import { chunkClosure, GlobeFilesSchema, isGlobeCesiumFile, type BuiltChunk } from './globe-files.ts';

describe('isGlobeCesiumFile', () => {
  const cases: { title: string; paths: string[]; kept: boolean }[] = [
    {
      title: 'keeps the workers, the NaturalEarthII imagery and the assets the globe reads at start',
      paths: [
        'Workers/createVerticesFromHeightmap.js',
        'Workers/chunk-2Z5ROPWA.js',
        'Assets/Textures/NaturalEarthII/tilemapresource.xml',
        'Assets/Textures/NaturalEarthII/2/4/3.jpg',
        'Assets/Textures/SkyBox/tycho2t3_80_mx.jpg',
        'Assets/Textures/moonSmall.jpg',
        'Assets/Images/ion-credit.png',
        'Assets/IAU2006_XYS/IAU2006_XYS_18.json',
        'Assets/approximateTerrainHeights.json',
      ],
      kept: true,
    },
    {
      title: 'leaves out the decoders, the Viewer widgets and the textures of effects the globe never turns on',
      paths: [
        'ThirdParty/draco_decoder.wasm',
        'Widgets/widgets.css',
        'Widgets/Images/ImageryProviders/bingAerial.png',
        'Assets/Textures/maki/airport.png',
        'Assets/Textures/pin.svg',
        'Assets/Textures/LensFlare/DirtMask.jpg',
        'Assets/Textures/waterNormals.jpg',
        'Assets/Textures/waterNormalsSmall.jpg',
        'VERSION',
      ],
      kept: false,
    },
  ];

  for (const { title, paths, kept } of cases) {
    it(title, () => {
      for (const path of paths) expect(isGlobeCesiumFile(path), path).toBe(kept);
    });
  }
});

describe('chunkClosure', () => {
  const bundle = new Map<string, BuiltChunk>([
    [
      'assets/map-globe-a.js',
      { imports: ['assets/runtime-b.js', 'assets/index-c.js'], css: ['assets/map-globe-a.css'] },
    ],
    ['assets/runtime-b.js', { imports: [], css: [] }],
    ['assets/index-c.js', { imports: ['assets/runtime-b.js'], css: ['assets/index-c.css'] }],
    ['assets/other-d.js', { imports: ['assets/index-c.js'], css: [] }],
  ]);

  it('lists the chunk first, then every chunk it imports once, each with its CSS, and nothing it does not import', () => {
    expect(chunkClosure('assets/map-globe-a.js', bundle)).toEqual([
      'assets/map-globe-a.js',
      'assets/map-globe-a.css',
      'assets/runtime-b.js',
      'assets/index-c.js',
      'assets/index-c.css',
    ]);
  });

  it('ends on import cycles', () => {
    const cyclic = new Map<string, BuiltChunk>([
      ['a.js', { imports: ['b.js'], css: [] }],
      ['b.js', { imports: ['a.js'], css: [] }],
    ]);
    expect(chunkClosure('a.js', cyclic)).toEqual(['a.js', 'b.js']);
  });

  it('refuses a chunk missing from the bundle (the build fails rather than warming half a globe)', () => {
    expect(() => chunkClosure('assets/gone.js', bundle)).toThrow('chunk assets/gone.js is not in the bundle');
  });
});

describe('GlobeFilesSchema', () => {
  it('reads the list the build writes', () => {
    const list = {
      version: '64db0dad3e5d31fb',
      files: [
        { url: '/assets/map-globe-DsvriA2i.js', bytes: 4_601_482 },
        { url: '/cesium/Assets/Textures/NaturalEarthII/0/0/0.jpg', bytes: 12_000 },
      ],
    };
    expect(GlobeFilesSchema.parse(list)).toEqual(list);
  });

  it('refuses addresses outside the built app: other hosts, other folders, climbing out, queries', () => {
    for (const url of [
      'https://example.com/assets/a.js',
      '//example.com/cesium/a.js',
      '/api/incident/1',
      '/assets/../api/x',
      'javascript:alert(1)',
      '/cesium/a.js?x=1',
    ]) {
      const answer = GlobeFilesSchema.safeParse({ version: 'v', files: [{ url, bytes: 1 }] });
      expect(answer.success, url).toBe(false);
    }
  });
});
