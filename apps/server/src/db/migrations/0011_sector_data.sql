-- Every sector's data (docs/decisions/100-sector-storage.md, docs/SECTORS.md). Education keeps
-- dataset_rows; each other sector gets a table made from its declaration in packages/contract
-- (src/industries/): the text between the GENERATED markers is sectorTableSql() of each declaration
-- and followUploadLogsSql() of all of them (apps/server/src/db/sector-tables.ts; a test checks it).
-- Like dataset_rows, the tables have no foreign keys (decision 100): an upload's rows follow its log.

-- GENERATED: sector tables
CREATE TABLE automobile_rows (
  upload_id integer NOT NULL,
  user_id integer NOT NULL,
  "sale_date" date NOT NULL,
  "dealer" text NOT NULL,
  "model" text NOT NULL,
  "variant" text NOT NULL,
  "fuel_type" text CHECK ("fuel_type" IN ('Petrol', 'Diesel', 'CNG', 'Electric', 'Hybrid')) NOT NULL,
  "units" integer NOT NULL,
  "revenue" numeric NOT NULL,
  PRIMARY KEY (upload_id, "sale_date", "dealer", "model", "variant", "fuel_type")
);
CREATE INDEX automobile_rows_user_key_idx ON automobile_rows (user_id, "sale_date", "dealer", "model", "variant", "fuel_type", upload_id DESC);

CREATE TABLE real_estate_rows (
  upload_id integer NOT NULL,
  user_id integer NOT NULL,
  "listing_id" text NOT NULL,
  "city" text NOT NULL,
  "locality" text NOT NULL,
  "property_type" text CHECK ("property_type" IN ('Apartment', 'Villa', 'Independent House', 'Plot', 'Commercial')) NOT NULL,
  "listed_on" date NOT NULL,
  "sold_on" date,
  "list_price" numeric NOT NULL,
  "sale_price" numeric,
  PRIMARY KEY (upload_id, "listing_id")
);
CREATE INDEX real_estate_rows_user_key_idx ON real_estate_rows (user_id, "listing_id", upload_id DESC);

CREATE TABLE healthcare_rows (
  upload_id integer NOT NULL,
  user_id integer NOT NULL,
  "visit_id" text NOT NULL,
  "visit_date" date NOT NULL,
  "department" text NOT NULL,
  "age_band" text CHECK ("age_band" IN ('0-17', '18-34', '35-49', '50-64', '65+')) NOT NULL,
  "gender" text CHECK ("gender" IN ('Female', 'Male', 'Other')) NOT NULL,
  "length_of_stay" numeric NOT NULL,
  "readmitted" boolean NOT NULL,
  PRIMARY KEY (upload_id, "visit_id")
);
CREATE INDEX healthcare_rows_user_key_idx ON healthcare_rows (user_id, "visit_id", upload_id DESC);

CREATE TABLE retail_rows (
  upload_id integer NOT NULL,
  user_id integer NOT NULL,
  "date" date NOT NULL,
  "store" text NOT NULL,
  "category" text NOT NULL,
  "units" integer NOT NULL,
  "revenue" numeric NOT NULL,
  "footfall" integer,
  PRIMARY KEY (upload_id, "date", "store", "category")
);
CREATE INDEX retail_rows_user_key_idx ON retail_rows (user_id, "date", "store", "category", upload_id DESC);

CREATE TABLE hotels_rows (
  upload_id integer NOT NULL,
  user_id integer NOT NULL,
  "date" date NOT NULL,
  "property" text NOT NULL,
  "rooms_available" integer NOT NULL,
  "rooms_sold" integer NOT NULL,
  "room_revenue" numeric NOT NULL,
  PRIMARY KEY (upload_id, "date", "property")
);
CREATE INDEX hotels_rows_user_key_idx ON hotels_rows (user_id, "date", "property", upload_id DESC);

CREATE OR REPLACE FUNCTION dataset_rows_follow_upload_logs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dataset_rows d USING removed_logs r WHERE d.upload_id = r.id;
  DELETE FROM automobile_rows d USING removed_logs r WHERE d.upload_id = r.id;
  DELETE FROM real_estate_rows d USING removed_logs r WHERE d.upload_id = r.id;
  DELETE FROM healthcare_rows d USING removed_logs r WHERE d.upload_id = r.id;
  DELETE FROM retail_rows d USING removed_logs r WHERE d.upload_id = r.id;
  DELETE FROM hotels_rows d USING removed_logs r WHERE d.upload_id = r.id;
  RETURN NULL;
END
$$;
-- END GENERATED

-- A member's report figures per sector: for each grouping the sector's reports read (a chart's
-- dimension, or dimension and split; '' for the totals of the KPI cards), the sums and counts its
-- measures divide, keyed as in apps/server/src/features/bi/builtin/summary-repository.ts. Recomputed by each
-- refresh from the member's current rows (docs/decisions/101-sector-reports.md).
CREATE TABLE sector_summaries (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  sector text NOT NULL,
  grouping text NOT NULL,
  d1 text,
  d2 text,
  terms jsonb NOT NULL
);
CREATE INDEX sector_summaries_user_idx ON sector_summaries (user_id, sector);

-- Demo datasets of the sector pages: user 0, upload 0 (no member or upload has id 0). Seeded
-- reproducibly like 0002: every choice comes from hashint4 of the row's numbers, never random().
-- u(x) = (hashint4(x)::bigint + 2147483648) % 10000, an evenly spread number in 0..9999.

-- Automobile: one row per week, dealer and model variant of 2025 (6 dealers x 8 variants x 52 weeks).
INSERT INTO automobile_rows (upload_id, user_id, sale_date, dealer, model, variant, fuel_type, units, revenue)
SELECT 0, 0, s.day, s.dealer, s.model, s.variant, s.fuel, s.units,
       round(s.units * s.price * (0.94 + (s.u % 100) / 1000.0), 2)
  FROM (
    SELECT date '2025-01-06' + 7 * w AS day,
           (ARRAY['Andheri Motors','Pune Auto Hub','Bengaluru Wheels','Chennai Drive','Delhi Car Point','Hyderabad Motors'])[dl] AS dealer,
           (ARRAY['Nexon','Nexon','Punch','Punch','Harrier','Tiago','Tiago','Altroz'])[v] AS model,
           (ARRAY['XZ+','XM','Adventure','Accomplished','Fearless','XE','EV LR','XZ'])[v] AS variant,
           (ARRAY['Petrol','Diesel','Petrol','CNG','Diesel','Petrol','Electric','Hybrid'])[v] AS fuel,
           (ARRAY[1150000,1320000,720000,810000,2150000,560000,1190000,880000])[v] AS price,
           1 + ((hashint4(w * 1000 + dl * 10 + v)::bigint + 2147483648) % 10000)
               % (ARRAY[6,3,7,4,2,5,3,2])[v]
             + CASE WHEN w BETWEEN 38 AND 45 THEN 2 ELSE 0 END AS units,
           ((hashint4(w * 1000 + dl * 10 + v + 7)::bigint + 2147483648) % 10000)::int AS u
      FROM generate_series(0, 51) w, generate_series(1, 6) dl, generate_series(1, 8) v
  ) s;

-- Real-Estate: 1,200 listings in six cities, about 70% sold.
INSERT INTO real_estate_rows (upload_id, user_id, listing_id, city, locality, property_type, listed_on, sold_on, list_price, sale_price)
SELECT 0, 0, 'DEMO-' || lpad(i::text, 4, '0'), s.city, s.locality, s.ptype, s.listed,
       CASE WHEN s.sold THEN s.listed + 12 + s.u2 % (CASE s.ptype WHEN 'Plot' THEN 160 WHEN 'Villa' THEN 120 ELSE 75 END) END,
       s.price,
       CASE WHEN s.sold THEN round(s.price * (0.90 + (s.u3 % 90) / 1000.0), -3) END
  FROM (
    SELECT i, c,
           (ARRAY['Mumbai','Pune','Bengaluru','Hyderabad','Chennai','Delhi'])[c] AS city,
           (ARRAY['Andheri','Powai','Bandra','Thane','Baner','Kothrud','Hinjewadi','Wakad',
                  'Whitefield','Indiranagar','HSR Layout','Hebbal','Gachibowli','Kondapur','Madhapur','Kukatpally',
                  'Adyar','Velachery','Anna Nagar','OMR','Dwarka','Saket','Rohini','Vasant Kunj'])[(c - 1) * 4 + 1 + u1 % 4] AS locality,
           (ARRAY['Apartment','Apartment','Apartment','Apartment','Villa','Independent House','Independent House','Plot','Commercial','Apartment'])[1 + u1 % 10] AS ptype,
           date '2024-07-01' + (u2 % 365) AS listed,
           u3 % 100 < 70 AND date '2024-07-01' + (u2 % 365) < date '2025-05-01' AS sold,
           round((ARRAY[18000000,9000000,11000000,8500000,8000000,13000000])[c]
             * (ARRAY[1,1,1,1,2.4,1.7,1.7,0.8,1.5,1])[1 + u1 % 10] * (0.6 + (u2 % 80) / 100.0), -4) AS price,
           u2, u3
      FROM (
        SELECT i, 1 + (hashint4(i)::bigint + 2147483648) % 6 AS c,
               ((hashint4(i * 3 + 1)::bigint + 2147483648) % 10000)::int AS u1,
               ((hashint4(i * 3 + 2)::bigint + 2147483648) % 10000)::int AS u2,
               ((hashint4(i * 3 + 3)::bigint + 2147483648) % 10000)::int AS u3
          FROM generate_series(1, 1200) i
      ) h
  ) s;

-- Healthcare: 3,000 visits of 2025 in eight departments.
INSERT INTO healthcare_rows (upload_id, user_id, visit_id, visit_date, department, age_band, gender, length_of_stay, readmitted)
SELECT 0, 0, 'V-' || lpad(i::text, 5, '0'), date '2025-01-01' + (u1 % 365), s.dept, s.band,
       CASE WHEN u3 % 100 < 1 THEN 'Other' WHEN u3 % 100 < 51 THEN 'Female' ELSE 'Male' END,
       CASE WHEN s.dept IN ('Emergency', 'Outpatients') THEN u2 % 2 ELSE 1 + u2 % s.stay END,
       u4 % 1000 < 50 + 25 * s.band_idx + CASE s.dept WHEN 'Cardiology' THEN 60 WHEN 'General Medicine' THEN 30 ELSE 0 END
  FROM (
    SELECT i, u1, u2, u3, u4, band_idx,
           (ARRAY['Cardiology','Orthopaedics','Paediatrics','Maternity','General Medicine','Emergency','Outpatients','Oncology'])[1 + u1 % 8] AS dept,
           (ARRAY[9,7,4,4,6,1,1,8])[1 + u1 % 8] AS stay,
           (ARRAY['0-17','18-34','35-49','50-64','65+'])[1 + band_idx] AS band
      FROM (
        SELECT i,
               ((hashint4(i * 5 + 1)::bigint + 2147483648) % 10000)::int AS u1,
               ((hashint4(i * 5 + 2)::bigint + 2147483648) % 10000)::int AS u2,
               ((hashint4(i * 5 + 3)::bigint + 2147483648) % 10000)::int AS u3,
               ((hashint4(i * 5 + 4)::bigint + 2147483648) % 10000)::int AS u4,
               ((hashint4(i * 5 + 5)::bigint + 2147483648) % 10000) % 5 AS band_idx
          FROM generate_series(1, 3000) i
      ) h
  ) s;

-- Retail: every day of January to June 2025, four stores, five categories; footfall on each store's
-- first category row of the day.
INSERT INTO retail_rows (upload_id, user_id, date, store, category, units, revenue, footfall)
SELECT 0, 0, date '2025-01-01' + d,
       (ARRAY['Phoenix Mall','Linking Road','Koramangala','Salt Lake'])[st],
       (ARRAY['Apparel','Footwear','Groceries','Electronics','Home'])[ca],
       s.units, round(s.units * (ARRAY[899,1499,120,5200,650])[ca] * (0.9 + (s.u % 200) / 1000.0), 2),
       CASE WHEN ca = 1 THEN 400 + 120 * st + s.u % 250 + CASE WHEN extract(isodow FROM date '2025-01-01' + d) >= 6 THEN 300 ELSE 0 END END
  FROM (
    SELECT d, st, ca, u,
           1 + (u % (ARRAY[60,25,180,8,40])[ca]) + CASE WHEN extract(isodow FROM date '2025-01-01' + d) >= 6 THEN (ARRAY[30,12,60,4,15])[ca] ELSE 0 END AS units
      FROM (
        SELECT d, st, ca, ((hashint4(d * 100 + st * 10 + ca)::bigint + 2147483648) % 10000)::int AS u
          FROM generate_series(0, 180) d, generate_series(1, 4) st, generate_series(1, 5) ca
      ) h
  ) s;

-- Hotels: every night of 2025 at five properties; busier from October to January.
INSERT INTO hotels_rows (upload_id, user_id, date, property, rooms_available, rooms_sold, room_revenue)
SELECT 0, 0, s.night, s.property, s.rooms, s.sold, round(s.sold * s.rate * s.season, 2)
  FROM (
    SELECT date '2025-01-01' + d AS night,
           (ARRAY['Seaview Goa','Heritage Jaipur','Lakeside Udaipur','Business Bay Mumbai','Hillside Munnar'])[p] AS property,
           (ARRAY[120,80,60,200,45])[p] AS rooms,
           (ARRAY[5900,7200,9800,8400,4600])[p] AS rate,
           CASE WHEN extract(month FROM date '2025-01-01' + d) IN (10, 11, 12, 1) THEN 1.25 ELSE 1.0 END AS season,
           least((ARRAY[120,80,60,200,45])[p],
                 floor((ARRAY[120,80,60,200,45])[p]
                   * ((CASE WHEN extract(month FROM date '2025-01-01' + d) IN (10, 11, 12, 1) THEN 0.78 ELSE 0.58 END)
                      + ((hashint4(d * 10 + p)::bigint + 2147483648) % 10000) / 50000.0)))::int AS sold
      FROM generate_series(0, 364) d, generate_series(1, 5) p
  ) s;
