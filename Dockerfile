# One image for every Headroom daemon: `headroom collector ...` and `headroom analyzer ...`
# (docker-compose.yml). Stage 1 builds the launcher classpath with Maven; stage 2 runs it on a JRE.

# Tags pinned to a patch release so a rebuild gets the same toolchain (ComposeFileTest checks).
FROM maven:3.9.9-eclipse-temurin-17 AS build
WORKDIR /src
COPY . .
# The cache mount keeps downloaded dependencies between builds without baking them into a layer.
RUN --mount=type=cache,target=/root/.m2 \
    mvn -B -q -DskipTests -pl app -am package

FROM eclipse-temurin:17.0.13_11-jre
COPY --from=build /src/app/target/headroom.jar /opt/headroom/headroom.jar
COPY --from=build /src/app/target/lib/ /opt/headroom/lib/
COPY bin/jvm-options /opt/headroom/jvm-options
# The same command line as ./headroom in the repository (the same heap bound per subcommand),
# minus its build-on-first-use step.
RUN printf '#!/bin/sh\nexec java $(/opt/headroom/jvm-options "$@") -cp "/opt/headroom/headroom.jar:/opt/headroom/lib/*" io.headroom.app.cli.Main "$@"\n' \
      > /usr/local/bin/headroom \
 && chmod 755 /usr/local/bin/headroom \
 && useradd --system --uid 10001 --home-dir /var/lib/headroom --create-home headroom
USER headroom
WORKDIR /var/lib/headroom
ENTRYPOINT ["headroom"]
CMD ["--help"]
