import { describe, expect, it } from 'vitest';
import { MapTileUrlSchema, tileOrigin } from './map-imagery.ts';

describe('map imagery tile template', () => {
  it('takes an OpenStreetMap-style http(s) template and names its origin', () => {
    const template = 'https://tiles.example.org:8443/osm/{z}/{x}/{y}.png';
    expect(MapTileUrlSchema.parse(template)).toBe(template);
    expect(tileOrigin(template)).toBe('https://tiles.example.org:8443');
    expect(tileOrigin('http://127.0.0.1:9000/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:9000');
  });

  it('refuses other schemes, missing placeholders and unknown ones, with a reason', () => {
    const reason = (text: string) => MapTileUrlSchema.safeParse(text).error?.issues[0]?.message;
    expect(reason('ftp://tiles.example.org/{z}/{x}/{y}.png')).toBe('must start with http:// or https:// and a host');
    expect(reason('javascript:alert(1)//{z}/{x}/{y}')).toBe('must start with http:// or https:// and a host');
    expect(reason('https://tiles.example.org/{z}/{x}.png')).toBe('must contain {z}, {x} and {y}');
    expect(reason('https://{s}.tiles.example.org/{z}/{x}/{y}.png')).toBe(
      'must start with http:// or https:// and a host',
    );
    expect(reason('https://tiles.example.org/{z}/{x}/{y}.png?key={apikey}')).toBe(
      'may contain no placeholder but {z}, {x} and {y}',
    );
  });
});
