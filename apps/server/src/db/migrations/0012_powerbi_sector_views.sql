-- The Power BI reader views of the other sectors' rows (docs/POWERBI.md, decision 076): like
-- powerbi_dataset_rows and powerbi_current_rows for Education, each joins powerbi_uploads (the one rule
-- deciding which uploads a report may show) and keeps user_id for row-level security; demo rows
-- (user_id 0) have no upload log and so never appear. The current view keeps, per row key, the row of
-- the member's newest upload.

CREATE VIEW powerbi_automobile_rows WITH (security_barrier) AS
SELECT d.upload_id,
       d.user_id,
       d."sale_date",
       d."dealer",
       d."model",
       d."variant",
       d."fuel_type",
       d."units",
       d."revenue"
  FROM automobile_rows d
  JOIN powerbi_uploads u ON u.upload_id = d.upload_id AND u.user_id = d.user_id;

CREATE VIEW powerbi_automobile_current_rows AS
SELECT DISTINCT ON (r.user_id, r."sale_date", r."dealer", r."model", r."variant", r."fuel_type")
       r.upload_id, r.user_id, r."sale_date", r."dealer", r."model", r."variant", r."fuel_type", r."units", r."revenue"
  FROM powerbi_automobile_rows r
 ORDER BY r.user_id, r."sale_date", r."dealer", r."model", r."variant", r."fuel_type", r.upload_id DESC;

CREATE VIEW powerbi_real_estate_rows WITH (security_barrier) AS
SELECT d.upload_id,
       d.user_id,
       d."listing_id",
       d."city",
       d."locality",
       d."property_type",
       d."listed_on",
       d."sold_on",
       d."list_price",
       d."sale_price"
  FROM real_estate_rows d
  JOIN powerbi_uploads u ON u.upload_id = d.upload_id AND u.user_id = d.user_id;

CREATE VIEW powerbi_real_estate_current_rows AS
SELECT DISTINCT ON (r.user_id, r."listing_id")
       r.upload_id, r.user_id, r."listing_id", r."city", r."locality", r."property_type", r."listed_on", r."sold_on", r."list_price", r."sale_price"
  FROM powerbi_real_estate_rows r
 ORDER BY r.user_id, r."listing_id", r.upload_id DESC;

CREATE VIEW powerbi_healthcare_rows WITH (security_barrier) AS
SELECT d.upload_id,
       d.user_id,
       d."visit_id",
       d."visit_date",
       d."department",
       d."age_band",
       d."gender",
       d."length_of_stay",
       d."readmitted"
  FROM healthcare_rows d
  JOIN powerbi_uploads u ON u.upload_id = d.upload_id AND u.user_id = d.user_id;

CREATE VIEW powerbi_healthcare_current_rows AS
SELECT DISTINCT ON (r.user_id, r."visit_id")
       r.upload_id, r.user_id, r."visit_id", r."visit_date", r."department", r."age_band", r."gender", r."length_of_stay", r."readmitted"
  FROM powerbi_healthcare_rows r
 ORDER BY r.user_id, r."visit_id", r.upload_id DESC;

CREATE VIEW powerbi_retail_rows WITH (security_barrier) AS
SELECT d.upload_id,
       d.user_id,
       d."date",
       d."store",
       d."category",
       d."units",
       d."revenue",
       d."footfall"
  FROM retail_rows d
  JOIN powerbi_uploads u ON u.upload_id = d.upload_id AND u.user_id = d.user_id;

CREATE VIEW powerbi_retail_current_rows AS
SELECT DISTINCT ON (r.user_id, r."date", r."store", r."category")
       r.upload_id, r.user_id, r."date", r."store", r."category", r."units", r."revenue", r."footfall"
  FROM powerbi_retail_rows r
 ORDER BY r.user_id, r."date", r."store", r."category", r.upload_id DESC;

CREATE VIEW powerbi_hotels_rows WITH (security_barrier) AS
SELECT d.upload_id,
       d.user_id,
       d."date",
       d."property",
       d."rooms_available",
       d."rooms_sold",
       d."room_revenue"
  FROM hotels_rows d
  JOIN powerbi_uploads u ON u.upload_id = d.upload_id AND u.user_id = d.user_id;

CREATE VIEW powerbi_hotels_current_rows AS
SELECT DISTINCT ON (r.user_id, r."date", r."property")
       r.upload_id, r.user_id, r."date", r."property", r."rooms_available", r."rooms_sold", r."room_revenue"
  FROM powerbi_hotels_rows r
 ORDER BY r.user_id, r."date", r."property", r.upload_id DESC;
