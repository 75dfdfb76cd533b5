CREATE TABLE "page_bounces" (
	"day" date NOT NULL,
	"path" varchar(200) NOT NULL,
	"hidden" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_bounces_day_path_pk" PRIMARY KEY("day","path")
);
