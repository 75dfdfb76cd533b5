-- Issue 24, point 4: positions were stored to 0.01° (about 1 km). Each becomes the centre of its grid cell, as
-- app/features/profiles/coarse-location.ts (snapToCell) computes it: 0.1° of latitude, the width in longitude
-- matching at the cell's latitude. Idempotent: a centre stays where it is.
UPDATE "profiles" AS p
SET "latitude" = round(s.lat::numeric, 6)::double precision,
    "longitude" = round((least(s.west + s.step, 180) / 2 + s.west / 2)::numeric, 6)::double precision
FROM (
  SELECT c.id, c.lat, c.step, -180 + floor((c.lon + 180) / c.step) * c.step AS west
  FROM (
    SELECT r.id, r.lat, r.lon, least(360, 0.1 / cos(radians(r.lat))) AS step
    FROM (
      SELECT "id", least(89.95, greatest(-89.95, (floor("latitude" / 0.1) + 0.5) * 0.1)) AS lat, "longitude" AS lon
      FROM "profiles"
      WHERE "latitude" IS NOT NULL AND "longitude" IS NOT NULL
    ) AS r
  ) AS c
) AS s
WHERE p."id" = s.id;
