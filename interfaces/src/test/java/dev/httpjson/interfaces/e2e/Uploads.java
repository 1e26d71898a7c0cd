package dev.httpjson.interfaces.e2e;

import dev.httpjson.interfaces.Field;
import dev.httpjson.interfaces.FormUrlEncoded;
import dev.httpjson.interfaces.GET;
import dev.httpjson.interfaces.HeaderMap;
import dev.httpjson.interfaces.Multipart;
import dev.httpjson.interfaces.POST;
import dev.httpjson.interfaces.PUT;
import dev.httpjson.interfaces.Part;
import dev.httpjson.interfaces.QueryMap;
import dev.httpjson.interfaces.Url;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/** Forms, multipart bodies, dynamic URLs and maps, as an API declares them. */
interface Uploads {
  record Token(String accessToken) {}

  record Meta(String fileName, int lines) {}

  @POST("oauth/token")
  @FormUrlEncoded
  Token token(
      @Field("grant_type") String grantType,
      @Field("scope") List<String> scopes,
      @Field("state") @Nullable String state,
      @Field("n") int n)
      throws IOException, InterruptedException;

  @POST("files")
  @Multipart
  CompletableFuture<HttpResponse<Token>> upload(
      @Part("purpose") String purpose,
      @Part("meta") Meta meta,
      @Part("file") Path file,
      @Part("note") @Nullable String note);

  @PUT("files/raw")
  @Multipart
  void put(@Part("data") byte[] data) throws IOException, InterruptedException;

  @GET("")
  Token next(
      @Url String url,
      @QueryMap @Nullable Map<String, ?> query,
      @HeaderMap @Nullable Map<String, String> headers)
      throws IOException, InterruptedException;

  @GET("")
  Token at(@Url @Nullable URI url) throws IOException, InterruptedException;
}
