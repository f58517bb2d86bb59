-- Demo dataset behind the public demo charts (/api/chart/*) and the sample report.
-- Seeded reproducibly: every choice comes from hashint4 of the row number (never random()), so every
-- database built from these migrations holds exactly the same rows.
--   education:  2,800 school students, Grade 6 .. Grade 12
--   automobile: 1,400 trainees of a motor-vehicle technical-training institute, Semester 1 .. Semester 4

CREATE TABLE demo_students (
  id serial PRIMARY KEY,
  sector text NOT NULL,
  student_name text NOT NULL,
  gender text NOT NULL CHECK (gender IN ('Female', 'Male')),
  grade text NOT NULL,
  project_submitted boolean NOT NULL,
  score numeric(5, 2),
  enrolled_on date
);
CREATE INDEX demo_students_sector_grade_idx ON demo_students (sector, grade);

-- u(i, salt): a deterministic, evenly spread number in 0..9999 for row i.
-- (hashint4 is PostgreSQL's stable integer hash; shifting by 2^31 avoids abs(INT_MIN).)

INSERT INTO demo_students (sector, student_name, gender, grade, project_submitted, score, enrolled_on)
SELECT
  'education',
  CASE WHEN s.female
    THEN (ARRAY['Aanya','Aditi','Ananya','Anika','Avni','Diya','Divya','Fatima','Gauri','Ishita',
                'Kavya','Khushi','Meera','Myra','Neha','Nisha','Pooja','Priya','Riya','Saanvi',
                'Sana','Shreya','Sneha','Tanvi','Trisha','Vaishnavi','Zoya','Lakshmi','Harini','Jasleen'])
         [1 + s.u_first % 30]
    ELSE (ARRAY['Aarav','Abhinav','Aditya','Arjun','Ayaan','Dev','Dhruv','Farhan','Harsh','Ishaan',
                'Kabir','Karan','Krishna','Manav','Mohit','Nikhil','Om','Pranav','Rahul','Reyansh',
                'Rohan','Sai','Samar','Siddharth','Tanish','Varun','Vihaan','Yash','Imran','Gurpreet'])
         [1 + s.u_first % 30]
  END || ' ' ||
  (ARRAY['Sharma','Verma','Gupta','Iyer','Nair','Reddy','Patel','Shah','Mehta','Joshi',
         'Kulkarni','Deshpande','Rao','Menon','Pillai','Das','Banerjee','Chatterjee','Mukherjee','Singh',
         'Kaur','Khan','Ansari','Fernandes','D''Souza','Naidu','Chauhan','Yadav','Mishra','Bose'])
    [1 + s.u_last % 30],
  CASE WHEN s.female THEN 'Female' ELSE 'Male' END,
  'Grade ' || (5 + s.grade_idx),
  s.submitted,
  -- Scores exist only for submitted projects: 38.00 .. 99.99, a little higher in the senior grades.
  CASE WHEN s.submitted THEN round(LEAST(99.99, 38 + s.u_score * 0.0058 + s.grade_idx * 0.4), 2) END,
  -- Enrolled in an academic year starting in June: juniors joined recently, seniors years ago.
  make_date(2025 - (s.grade_idx - 1) - (s.u_year % 2), 6, 1) + (s.u_day % 45)
FROM (
  SELECT
    g.i,
    g.grade_idx,
    -- Female share drifts from about 47% (Grade 6) to 53% (Grade 12).
    g.u_gender < 4700 + g.grade_idx * 85 AS female,
    -- Submission rate rises from about 70% (Grade 6) to 88% (Grade 12).
    g.u_submit < 6700 + g.grade_idx * 300 AS submitted,
    g.u_first, g.u_last, g.u_score, g.u_year, g.u_day
  FROM (
    SELECT
      i,
      -- Class sizes shrink a little towards Grade 12 (1,550 .. 1,270 per 10,000).
      width_bucket(((hashint4(i + 100000)::bigint + 2147483648) % 10000)::int,
                   ARRAY[0, 1550, 3050, 4530, 5980, 7380, 8730]) AS grade_idx,
      ((hashint4(i + 200000)::bigint + 2147483648) % 10000)::int AS u_gender,
      ((hashint4(i + 300000)::bigint + 2147483648) % 10000)::int AS u_submit,
      ((hashint4(i + 400000)::bigint + 2147483648) % 10000)::int AS u_first,
      ((hashint4(i + 500000)::bigint + 2147483648) % 10000)::int AS u_last,
      ((hashint4(i + 600000)::bigint + 2147483648) % 10000)::int AS u_score,
      ((hashint4(i + 700000)::bigint + 2147483648) % 10000)::int AS u_year,
      ((hashint4(i + 800000)::bigint + 2147483648) % 10000)::int AS u_day
    FROM generate_series(1, 2800) AS i
  ) g
) s
ORDER BY s.i;

INSERT INTO demo_students (sector, student_name, gender, grade, project_submitted, score, enrolled_on)
SELECT
  'automobile',
  CASE WHEN s.female
    THEN (ARRAY['Aarti','Bhavna','Deepa','Geeta','Jyoti','Kiran','Lata','Manisha','Nandini','Pallavi',
                'Rekha','Rupali','Sapna','Seema','Shalini','Sunita','Swati','Usha','Vandana','Yamini'])
         [1 + s.u_first % 20]
    ELSE (ARRAY['Ajay','Amit','Anil','Ashok','Balaji','Dinesh','Ganesh','Gopal','Jagdish','Kishore',
                'Mahesh','Manoj','Naveen','Pradeep','Rajesh','Ramesh','Sanjay','Santosh','Suresh','Vijay'])
         [1 + s.u_first % 20]
  END || ' ' ||
  (ARRAY['Patil','Jadhav','Pawar','Shinde','More','Kale','Gaikwad','Chavan','Kumar','Singh',
         'Yadav','Reddy','Naidu','Murugan','Pandey','Tiwari','Thakur','Rathod','Solanki','Bhat'])
    [1 + s.u_last % 20],
  CASE WHEN s.female THEN 'Female' ELSE 'Male' END,
  'Semester ' || s.grade_idx,
  s.submitted,
  CASE WHEN s.submitted THEN round(LEAST(99.99, 35 + s.u_score * 0.006 + s.grade_idx * 0.8), 2) END,
  -- Intakes in August (odd semesters) and February (even semesters).
  CASE WHEN s.grade_idx % 2 = 1
    THEN make_date(2025 - (s.grade_idx - 1) / 2, 8, 1)
    ELSE make_date(2026 - s.grade_idx / 2, 2, 1)
  END + (s.u_day % 30)
FROM (
  SELECT
    g.i,
    g.grade_idx,
    -- About 18% (Semester 1) to 24% (Semester 4) of trainees are women.
    g.u_gender < 1600 + g.grade_idx * 200 AS female,
    -- Assignment submission: about 62% (Semester 1) to 80% (Semester 4).
    g.u_submit < 5600 + g.grade_idx * 600 AS submitted,
    g.u_first, g.u_last, g.u_score, g.u_day
  FROM (
    SELECT
      i,
      -- Drop-outs thin the later semesters (3,000 .. 2,000 per 10,000).
      width_bucket(((hashint4(i + 1100000)::bigint + 2147483648) % 10000)::int,
                   ARRAY[0, 3000, 5600, 8000]) AS grade_idx,
      ((hashint4(i + 1200000)::bigint + 2147483648) % 10000)::int AS u_gender,
      ((hashint4(i + 1300000)::bigint + 2147483648) % 10000)::int AS u_submit,
      ((hashint4(i + 1400000)::bigint + 2147483648) % 10000)::int AS u_first,
      ((hashint4(i + 1500000)::bigint + 2147483648) % 10000)::int AS u_last,
      ((hashint4(i + 1600000)::bigint + 2147483648) % 10000)::int AS u_score,
      ((hashint4(i + 1700000)::bigint + 2147483648) % 10000)::int AS u_day
    FROM generate_series(1, 1400) AS i
  ) g
) s
ORDER BY s.i;
